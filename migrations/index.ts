import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121164612_initial } from './Migration20261121164612_initial.js';
import { Migration20261121172313_channels } from './Migration20261121172313_channels.js';
import { Migration20261121174836_content } from './Migration20261121174836_content.js';
import { Migration20261121180000_search } from './Migration20261121180000_search.js';
import { Migration20261121183056_config } from './Migration20261121183056_config.js';
import { Migration20261121183856_bot } from './Migration20261121183856_bot.js';
import { Migration20261121190833_automation } from './Migration20261121190833_automation.js';
import { Migration20261121201235_dashboard } from './Migration20261121201235_dashboard.js';
import { Migration20261121201526_schedules } from './Migration20261121201526_schedules.js';
import { Migration20261121204724_chats } from './Migration20261121204724_chats.js';
import { Migration20261124110000_media_sweep } from './Migration20261124110000_media_sweep.js';
import { Migration20261124130000_inbound_inbox } from './Migration20261124130000_inbound_inbox.js';
import { Migration20261125090704_campaigns } from './Migration20261125090704_campaigns.js';
import { Migration20261125121620_billing } from './Migration20261125121620_billing.js';
import { Migration20261125163000_contact_whatsapp_check } from './Migration20261125163000_contact_whatsapp_check.js';
import { Migration20261125171000_last_message_at } from './Migration20261125171000_last_message_at.js';
import { Migration20261125180000_message_media_seconds } from './Migration20261125180000_message_media_seconds.js';
import { Migration20261125183500_unread_messages_index } from './Migration20261125183500_unread_messages_index.js';
import { Migration20261124140000_refresh_tokens } from './Migration20261124140000_refresh_tokens.js';
import { Migration20261125120000_announcements } from './Migration20261125120000_announcements.js';
import { Migration20261125184000_ticket_counters } from './Migration20261125184000_ticket_counters.js';

/** Every migration in order. Static imports keep the list working from source and from dist alike. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121164612_initial', class: Migration20261121164612_initial },
  { name: 'Migration20261121172313_channels', class: Migration20261121172313_channels },
  { name: 'Migration20261121174836_content', class: Migration20261121174836_content },
  { name: 'Migration20261121180000_search', class: Migration20261121180000_search },
  { name: 'Migration20261121183056_config', class: Migration20261121183056_config },
  { name: 'Migration20261121183856_bot', class: Migration20261121183856_bot },
  { name: 'Migration20261121190833_automation', class: Migration20261121190833_automation },
  { name: 'Migration20261121201235_dashboard', class: Migration20261121201235_dashboard },
  { name: 'Migration20261121201526_schedules', class: Migration20261121201526_schedules },
  { name: 'Migration20261121204724_chats', class: Migration20261121204724_chats },
  { name: 'Migration20261124110000_media_sweep', class: Migration20261124110000_media_sweep },
  { name: 'Migration20261124130000_inbound_inbox', class: Migration20261124130000_inbound_inbox },
  { name: 'Migration20261124140000_refresh_tokens', class: Migration20261124140000_refresh_tokens },
  { name: 'Migration20261125090704_campaigns', class: Migration20261125090704_campaigns },
  { name: 'Migration20261125120000_announcements', class: Migration20261125120000_announcements },
  { name: 'Migration20261125121620_billing', class: Migration20261125121620_billing },
  { name: 'Migration20261125163000_contact_whatsapp_check', class: Migration20261125163000_contact_whatsapp_check },
  { name: 'Migration20261125171000_last_message_at', class: Migration20261125171000_last_message_at },
  { name: 'Migration20261125180000_message_media_seconds', class: Migration20261125180000_message_media_seconds },
  { name: 'Migration20261125183500_unread_messages_index', class: Migration20261125183500_unread_messages_index },
  { name: 'Migration20261125184000_ticket_counters', class: Migration20261125184000_ticket_counters },
];
