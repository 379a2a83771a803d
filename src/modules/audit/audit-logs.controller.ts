import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import type { ListBody } from '../../shared/api-types.js';
import type { AuditLogResponse } from './audit-log.mapper.js';
import { AuditLogsService } from './audit-logs.service.js';

const AUDIT_LOG_LIST: ListAllowlist = {
  filters: {
    userId: 'userId',
    action: 'action',
    subjectType: 'subjectType',
    subjectId: 'subjectId',
    companyId: 'companyId',
    createdAt_gte: 'createdAtFrom',
    createdAt_lte: 'createdAtTo',
  },
  filterTypes: { subjectId: 'string' },
  sort: { createdAt: 'createdAt', id: 'createdAt' },
  defaultSort: ['createdAt', 'DESC'],
};

/**
 * The audit trail, read-only: entries are written only by the changes they record, and no route updates or deletes
 * one (the table's trigger refuses it too). Admins read their company's, super users every company's.
 */
@ApiTags('audit-logs')
@ApiBearerAuth()
@Controller('audit-logs')
export class AuditLogsController {
  constructor(private readonly audit: AuditLogsService) {}

  @Get()
  @Policy('read', 'AuditLog')
  @ApiListQuery()
  @ApiOkResponse({
    description: 'Entries newest first; filter by userId, action, subjectType, subjectId, createdAt_gte, createdAt_lte (companyId: super users)',
  })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(AUDIT_LOG_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'auditLogs', AuditLogResponse>> {
    return listResponse(res, 'auditLogs', query, await this.audit.list(ctx, query));
  }

  @Get(':id')
  @Policy('read', 'AuditLog')
  findOne(@Auth() ctx: AuthContext, @Param('id') id: string): Promise<AuditLogResponse> {
    return this.audit.findOne(ctx, id);
  }
}
