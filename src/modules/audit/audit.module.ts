import { Module } from '@nestjs/common';
import { AuditLogsController } from './audit-logs.controller.js';
import { AuditLogsRepository } from './audit-logs.repository.js';
import { AuditLogsService } from './audit-logs.service.js';
import { AuditRetention } from './audit-retention.js';

/** Reading the audit trail and expiring it; every module writes it through the global AuditTrail. */
@Module({
  controllers: [AuditLogsController],
  providers: [AuditLogsRepository, AuditLogsService, AuditRetention],
})
export class AuditModule {}
