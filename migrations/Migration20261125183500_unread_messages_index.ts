import { Migration } from '@mikro-orm/migrations';

/**
 * Marking a conversation read touches only its unread customer messages: this partial index finds them without reading
 * the whole conversation (20,000 rows for a long one), and stays as small as the unread backlog.
 */
export class Migration20261125183500_unread_messages_index extends Migration {
  override name = 'Migration20261125183500_unread_messages_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "messages_company_id_ticket_id_unread_index" on "messages" ("company_id", "ticket_id") where not "read" and not "from_me";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messages_company_id_ticket_id_unread_index";`);
  }
}
