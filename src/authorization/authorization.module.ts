import { Global, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AuthContextCache } from './auth-context.cache.js';
import { AuthContextLoader } from './auth-context.loader.js';
import { AuthContextRepository } from './auth-context.repository.js';
import { jwtAuthGuard } from './auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { PlanGuard } from './plan.guard.js';
import { PoliciesGuard } from './policies.guard.js';
import { TokenService } from './token.service.js';

/** The request pipeline's guards, in order: authentication, plan flags, CASL policies. */
@Global()
@Module({
  imports: [JwtModule.register({}), PassportModule],
  providers: [
    TokenService,
    AuthContextLoader,
    AuthContextCache,
    AuthContextRepository,
    JwtStrategy,
    { provide: APP_GUARD, inject: [Reflector, JwtStrategy], useFactory: jwtAuthGuard },
    { provide: APP_GUARD, useClass: PlanGuard },
    { provide: APP_GUARD, useClass: PoliciesGuard },
  ],
  exports: [TokenService, AuthContextLoader, AuthContextCache],
})
export class AuthorizationModule {}
