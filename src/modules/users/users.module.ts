import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({})
export class UsersModule {
  /** `imports` must provide `USER_SESSIONS` (the auth module does); the app composes the two. */
  static forRoot(imports: ModuleMetadata['imports'] = []): DynamicModule {
    return {
      module: UsersModule,
      imports: [SettingsModule, ...(imports ?? [])],
      controllers: [UsersController],
      providers: [UsersService],
      exports: [UsersService],
    };
  }
}
