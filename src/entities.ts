import { PasswordReset } from './modules/auth/password-reset.entity.js';
import { Company } from './modules/companies/company.entity.js';
import { Help } from './modules/helps/help.entity.js';
import { Plan } from './modules/plans/plan.entity.js';
import { Queue } from './modules/queues/queue.entity.js';
import { Setting } from './modules/settings/setting.entity.js';
import { User } from './modules/users/user.entity.js';
import { ChannelAuthKey } from './modules/connections/channel-auth-key.entity.js';
import { Whatsapp } from './modules/connections/whatsapp.entity.js';
import { MessageTemplate } from './modules/message-templates/message-template.entity.js';
import { ContactCustomField } from './modules/contacts/contact-custom-field.entity.js';
import { Contact } from './modules/contacts/contact.entity.js';
import { Message } from './modules/messages/message.entity.js';
import { TicketCycle } from './modules/tickets/ticket-cycle.entity.js';
import { Ticket } from './modules/tickets/ticket.entity.js';
import { QuickMessage } from './modules/quick-messages/quick-message.entity.js';
import { Tag } from './modules/tags/tag.entity.js';
import { TicketTag } from './modules/tags/ticket-tag.entity.js';
import { TicketNote } from './modules/ticket-notes/ticket-note.entity.js';
import { QueueOption } from './modules/queue-options/queue-option.entity.js';
import { Prompt } from './modules/prompts/prompt.entity.js';
import { QueueIntegration } from './modules/queue-integrations/queue-integration.entity.js';
import { UserRating } from './modules/tickets/user-rating.entity.js';
import { Schedule } from './modules/schedules/schedule.entity.js';
import { Chat } from './modules/chats/chat.entity.js';
import { ChatUser } from './modules/chats/chat-user.entity.js';
import { ChatMessage } from './modules/chats/chat-message.entity.js';
import { ContactList } from './modules/contact-lists/contact-list.entity.js';
import { ContactListItem } from './modules/contact-lists/contact-list-item.entity.js';
import { ContactListImport } from './modules/contact-lists/contact-list-import.entity.js';
import { FileList } from './modules/files/file-list.entity.js';
import { FileListOption } from './modules/files/file-list-option.entity.js';
import { Campaign } from './modules/campaigns/campaign.entity.js';
import { CampaignSetting } from './modules/campaigns/campaign-setting.entity.js';
import { CampaignShipping } from './modules/campaigns/campaign-shipping.entity.js';
import { CampaignSuppression } from './modules/campaigns/campaign-suppression.entity.js';
import { Announcement } from './modules/announcements/announcement.entity.js';
import { AnnouncementRead } from './modules/announcements/announcement-read.entity.js';
import { BaseEntity } from './infra/database/base.entity.js';
import { Invoice } from './modules/invoices/invoice.entity.js';
import { PaymentCharge } from './modules/invoices/payment-charge.entity.js';
import { PaymentTransaction } from './modules/invoices/payment-transaction.entity.js';

/** Every entity of the schema; the ORM config, the CLI and the tenant-coverage test read this list. */
export const ENTITIES = [
  BaseEntity,
  Plan,
  Company,
  User,
  Setting,
  Queue,
  Help,
  PasswordReset,
  Whatsapp,
  MessageTemplate,
  ChannelAuthKey,
  Contact,
  ContactCustomField,
  Ticket,
  TicketCycle,
  Message,
  Tag,
  TicketTag,
  QuickMessage,
  TicketNote,
  QueueOption,
  Prompt,
  QueueIntegration,
  UserRating,
  Schedule,
  Chat,
  ChatUser,
  ChatMessage,
  ContactList,
  ContactListItem,
  ContactListImport,
  FileList,
  FileListOption,
  Campaign,
  CampaignSetting,
  CampaignShipping,
  CampaignSuppression,
  Invoice,
  PaymentCharge,
  PaymentTransaction,
  Announcement,
  AnnouncementRead,
];
