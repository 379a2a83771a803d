import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import type { CampaignSettingsResponse } from '../../shared/campaign-api-types.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignVariableDto, SaveCampaignSettingsDto } from './dto/campaign-settings.dto.js';

/** The campaign settings page (campaigns §2, §3, §9): admins of a company with campaigns on. */
@ApiTags('campaign-settings')
@ApiBearerAuth()
@RequiresPlan('useCampaigns')
@Policy('manage', 'Campaign')
@Controller('campaign-settings')
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsService) {}

  @Get()
  @ApiOkResponse({ description: 'Every setting; keys never saved come at their defaults' })
  read(@Auth() ctx: AuthContext): Promise<CampaignSettingsResponse> {
    return this.settings.read(ctx.companyId);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves the settings sent (any subset); answers all of them' })
  save(@Auth() ctx: AuthContext, @Body() dto: SaveCampaignSettingsDto): Promise<CampaignSettingsResponse> {
    return this.settings.save(ctx, dto);
  }

  @Post('variables')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds one variable; nothing changes when the key exists (the answer says so by its value)' })
  addVariable(@Auth() ctx: AuthContext, @Body() dto: CampaignVariableDto): Promise<CampaignSettingsResponse> {
    return this.settings.addVariable(ctx, dto);
  }
}
