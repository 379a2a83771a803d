import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AuthContextLoader } from './auth-context.loader.js';
import { AuthGuard } from './auth.guard.js';
import { PlanGuard } from './plan.guard.js';
import { PoliciesGuard } from './policies.guard.js';
import { TokenService } from './token.service.js';

/** The request pipeline's guards, in order: authentication, plan flags, CASL policies. */
@Global()
@Module({
  imports: [JwtModule.register({})],
  providers: [
    TokenService,
    AuthContextLoader,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: PlanGuard },
    { provide: APP_GUARD, useClass: PoliciesGuard },
  ],
  exports: [TokenService, AuthContextLoader],
})
export class AuthorizationModule {}
