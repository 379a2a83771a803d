import { Body, Controller, Delete, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';
import type { ListBody } from '../../shared/api-types.js';
import type { CampaignSuppressionResponse } from '../../shared/campaign-api-types.js';
import { CampaignSuppressionsService } from './campaign-suppressions.service.js';
import { CreateSuppressionDto } from './dto/create-suppression.dto.js';

const SUPPRESSION_LIST: ListAllowlist = {
  filters: { id: 'id', keyword: 'keyword' },
  sort: { id: 'id', number: 'number', keyword: 'keyword', createdAt: 'createdAt' },
  defaultSort: ['createdAt', 'DESC'],
};

/** The numbers no campaign sends to (opt-outs), on the campaign settings screen: admins only. */
@ApiTags('campaign-suppressions')
@ApiBearerAuth()
@RequiresPlan('useCampaigns')
@Policy('manage', 'Campaign')
@Controller('campaign-suppressions')
export class CampaignSuppressionsController {
  constructor(private readonly suppressions: CampaignSuppressionsService) {}

  @Get()
  @ApiListQuery()
  @ApiOperation({ summary: 'The suppression list; searchParam matches the number' })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(SUPPRESSION_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'records', CampaignSuppressionResponse>> {
    return listResponse(res, 'records', query, await this.suppressions.list(ctx, query));
  }

  @Get('export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="descadastrados.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The whole suppression list as CSV (number, keyword, createdAt)' })
  exportCsv(@Auth() ctx: AuthContext): Promise<string> {
    return this.suppressions.exportCsv(ctx);
  }

  @Post()
  @ApiOperation({ summary: 'Adds a number by hand; campaigns still to reach it skip it' })
  add(@Auth() ctx: AuthContext, @Body() dto: CreateSuppressionDto): Promise<CampaignSuppressionResponse> {
    return this.suppressions.add(ctx, dto.number);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a number: later campaigns may reach it again' })
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.suppressions.remove(ctx, id);
  }
}
