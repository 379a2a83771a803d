import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SendOutcomes } from '../../channels/send-outcomes.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { ScheduleEvents } from './schedule-events.js';
import { Schedule } from './schedule.entity.js';

/**
 * Statuses of scheduled messages sent through a provider that assigns the ids (the Cloud API), matched by the id the
 * send was recorded under (biz_opaque_callback_data): sent, delivered or read make a schedule whose outcome was not
 * recorded (a crash) ENVIADA; failed makes it ERRO with Meta's reason.
 */
@Injectable()
export class ScheduleOutcomes implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly sendOutcomes: SendOutcomes,
    private readonly events: ScheduleEvents,
  ) {}

  onModuleInit(): void {
    this.sendOutcomes.listen(async (connection, outcome) => {
      const em = forkForCompany(this.em, connection.companyId);
      const schedule = await em.findOne(Schedule, { providerId: outcome.localId }, { populate: ['contact', 'whatsapp', 'user'] });
      if (!schedule) return;
      const unknown = schedule.error?.startsWith('ERR_CLOUD_OUTCOME_UNKNOWN') ?? false;
      schedule.outcomeAck = outcome.ack === 0 || schedule.outcomeAck === 0 ? 0 : Math.max(schedule.outcomeAck ?? 0, outcome.ack);
      if (outcome.ack === 0) {
        schedule.status = 'ERRO';
        schedule.error = `ERR_CLOUD_UNDELIVERABLE: ${outcome.error ?? 'failed'}`;
      } else if (schedule.status === 'PENDENTE' || (schedule.status === 'ERRO' && unknown)) {
        schedule.status = 'ENVIADA';
        schedule.sentAt ??= new Date();
        schedule.error = null;
      }
      await em.flush();
      this.events.changed(connection.companyId, schedule);
    });
  }
}
