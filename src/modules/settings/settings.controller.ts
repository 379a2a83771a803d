import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { UpdateSettingDto } from './dto/update-setting.dto.js';
import { type SettingResponse, SettingsService } from './settings.service.js';

@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Policy('read', 'Setting')
  list(@Auth() ctx: AuthContext): Promise<SettingResponse[]> {
    return this.settings.list(ctx);
  }

  @Put(':key')
  @Policy('update', 'Setting')
  update(@Auth() ctx: AuthContext, @Param('key') key: string, @Body() dto: UpdateSettingDto): Promise<SettingResponse> {
    return this.settings.update(ctx, key, dto.value);
  }
}
