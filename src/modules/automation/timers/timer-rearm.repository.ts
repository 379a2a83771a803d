import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../../../infra/database/pg-pool.js';
import { systemSql } from '../../../infra/database/sql.js';
import { RATING_WAIT_HOURS, type TimerKind } from './bot-timer-jobs.js';

export interface DueTimer {
  kind: TimerKind;
  company_id: number;
  ticket_id: number;
  /** When the timer is due, from the rows (the same rules the timer re-checks when it fires). */
  due_at: Date;
}

/**
 * Every timer the tickets call for, across companies: open tickets whose last message is ours (expiresTicket),
 * waiting tickets without a queue (timeToTransfer), tickets waiting for a rating. A company's own rows only: each
 * join repeats the company.
 */
const DUE_TIMERS_SQL = prepared(
  'bot_due_timers',
  `select 'expire' as kind, t.company_id, t.id as ticket_id, last.created_at + make_interval(secs => w.expires_ticket * ?::float8 / 1000) as due_at
     from tickets t
     join whatsapps w on w.company_id = t.company_id and w.id = t.whatsapp_id
     join lateral (select m.from_me, m.created_at from messages m where m.company_id = t.company_id and m.ticket_id = t.id
                    order by m.created_at desc, m.id desc limit 1) last on true
    where t.status = 'open' and not t.is_group and w.expires_ticket > 0 and t.rating_requested_at is null and last.from_me
   union all
   select 'transfer', t.company_id, t.id, t.created_at + make_interval(secs => w.time_to_transfer * ?::float8 / 1000)
     from tickets t
     join whatsapps w on w.company_id = t.company_id and w.id = t.whatsapp_id
    where t.status = 'pending' and t.queue_id is null and t.user_id is null and w.time_to_transfer > 0 and w.transfer_queue_id is not null
   union all
   select 'rating', t.company_id, t.id, t.rating_requested_at + make_interval(secs => ${RATING_WAIT_HOURS} * 60 * ?::float8 / 1000)
     from tickets t
    where t.rating_requested_at is not null and t.status <> 'closed'`,
);

@Injectable()
export class TimerRearmRepository {
  constructor(private readonly db: HotPathPool) {}

  /** `minuteMs`: the length of a bot-timer minute (shortened in tests and demos). */
  dueTimers(minuteMs: number): Promise<DueTimer[]> {
    // The re-arm after a Redis loss covers every company's tickets at once.
    return systemSql(this.db).all<DueTimer>(DUE_TIMERS_SQL, [minuteMs, minuteMs, minuteMs]);
  }
}
