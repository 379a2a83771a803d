import { Global, Module } from '@nestjs/common';
import { AuditTrail } from './audit-trail.js';
import { AuditTrailRepository } from './audit-trail.repository.js';

/** The audit trail's writer, for every module that changes an audited record (the reading side: modules/audit). */
@Global()
@Module({ providers: [AuditTrailRepository, AuditTrail], exports: [AuditTrail] })
export class AuditTrailModule {}
