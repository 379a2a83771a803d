import { Migration } from '@mikro-orm/migrations';

/**
 * Ticket counts without counting: `ticket_counters` holds how many tickets each (company, status, queue, user) has,
 * so a tab badge or a list's count sums a handful of rows whatever the visibility rules are (they name exactly these
 * columns). Triggers keep it, not the services: tickets are written by the lifecycle, the inbound statement, deletes,
 * and by the database itself (ON DELETE SET NULL of a queue or user, cascades of a contact or company), and a trigger
 * sees every one of those in the writing transaction.
 * - inserts and deletes: one grouped upsert per statement (transition tables), so a bulk insert or a cascade costs one
 *   statement, not one per row;
 * - updates: a row trigger limited to status/queue/user changes, so the frequent message-time updates cost nothing.
 * Upserts touch counter rows in key order, so two transactions moving tickets in opposite directions cannot deadlock.
 * No foreign key to companies: a company's delete cascades to its tickets, whose trigger still writes here.
 * The page index (company, status, last message desc, id desc) serves the list order and its keyset cursor.
 */
export class Migration20261125184000_ticket_counters extends Migration {
  override name = 'Migration20261125184000_ticket_counters';

  override up(): void | Promise<void> {
    this.addSql(`create table "ticket_counters" (
      "company_id" int not null, "status" text not null, "queue_id" int null, "user_id" int null, "tickets" int not null default 0,
      constraint "ticket_counters_key" unique nulls not distinct ("company_id", "status", "queue_id", "user_id"));`);
    this.addSql(`create function ticket_counters_add() returns trigger language plpgsql as $$
      begin
        insert into ticket_counters as c (company_id, status, queue_id, user_id, tickets)
        select company_id, status, queue_id, user_id, count(*) from added group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (company_id, status, queue_id, user_id) do update set tickets = c.tickets + excluded.tickets;
        return null;
      end $$;`);
    this.addSql(`create function ticket_counters_remove() returns trigger language plpgsql as $$
      begin
        insert into ticket_counters as c (company_id, status, queue_id, user_id, tickets)
        select company_id, status, queue_id, user_id, -count(*) from removed group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (company_id, status, queue_id, user_id) do update set tickets = c.tickets + excluded.tickets;
        return null;
      end $$;`);
    this.addSql(`create function ticket_counters_move() returns trigger language plpgsql as $$
      begin
        insert into ticket_counters as c (company_id, status, queue_id, user_id, tickets)
        select * from (values (old.company_id, old.status::text, old.queue_id, old.user_id, -1),
                              (new.company_id, new.status::text, new.queue_id, new.user_id, 1)) v (company_id, status, queue_id, user_id, tickets)
         order by 1, 2, 3, 4
        on conflict (company_id, status, queue_id, user_id) do update set tickets = c.tickets + excluded.tickets;
        return null;
      end $$;`);
    this.addSql(`create function ticket_counters_clear() returns trigger language plpgsql as $$
      begin
        delete from ticket_counters;
        return null;
      end $$;`);
    this.addSql(`create trigger "tickets_counters_insert" after insert on "tickets" referencing new table as added
      for each statement execute function ticket_counters_add();`);
    this.addSql(`create trigger "tickets_counters_delete" after delete on "tickets" referencing old table as removed
      for each statement execute function ticket_counters_remove();`);
    this.addSql(`create trigger "tickets_counters_update" after update of "company_id", "status", "queue_id", "user_id" on "tickets" for each row
      when (old.company_id is distinct from new.company_id or old.status is distinct from new.status
            or old.queue_id is distinct from new.queue_id or old.user_id is distinct from new.user_id)
      execute function ticket_counters_move();`);
    this.addSql(`create trigger "tickets_counters_truncate" after truncate on "tickets" for each statement execute function ticket_counters_clear();`);
    this.addSql(`insert into ticket_counters (company_id, status, queue_id, user_id, tickets)
      select company_id, status, queue_id, user_id, count(*) from tickets group by 1, 2, 3, 4;`);

    this.addSql(`create index "tickets_company_id_status_last_message_at_id_index" on "tickets" ("company_id", "status", "last_message_at" desc, "id" desc);`);
    this.addSql(`drop index if exists "tickets_company_id_status_last_message_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index if not exists "tickets_company_id_status_last_message_at_index" on "tickets" ("company_id", "status", "last_message_at");`);
    this.addSql(`drop index if exists "tickets_company_id_status_last_message_at_id_index";`);
    this.addSql(`drop trigger if exists "tickets_counters_insert" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_counters_delete" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_counters_update" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_counters_truncate" on "tickets";`);
    this.addSql(`drop function if exists ticket_counters_add(), ticket_counters_remove(), ticket_counters_move(), ticket_counters_clear();`);
    this.addSql(`drop table if exists "ticket_counters";`);
  }
}
