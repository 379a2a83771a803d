import { LinearProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';

/**
 * Every screen but the tickets workspace loads when first opened: the first load carries the shell and the screen
 * attendants live in, and each generated CRUD screen brings its own react-admin list and form components.
 */
function lazyScreen(load: () => Promise<ComponentType>): () => ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module load, never during a render
  return function LazyScreen() {
    return (
      <Suspense fallback={<LinearProgress aria-busy="true" />}>
        <Screen />
      </Suspense>
    );
  };
}

export const DashboardPage = lazyScreen(() => import('./pages/dashboard/DashboardPage').then((m) => m.DashboardPage));
export const SchedulesPage = lazyScreen(() => import('./pages/schedules/SchedulesPage').then((m) => m.SchedulesPage));
export const KanbanPage = lazyScreen(() => import('./pages/kanban/KanbanPage').then((m) => m.KanbanPage));
export const ChatsPage = lazyScreen(() => import('./pages/chats/ChatsPage').then((m) => m.ChatsPage));
export const TodoListPage = lazyScreen(() => import('./pages/todolist/TodoListPage').then((m) => m.TodoListPage));
export const MessagesApiPage = lazyScreen(() => import('./pages/messages-api/MessagesApiPage').then((m) => m.MessagesApiPage));
export const SettingsPage = lazyScreen(() => import('./pages/settings/SettingsPage').then((m) => m.SettingsPage));
export const HelpsPage = lazyScreen(() => import('./pages/helps/HelpsPage').then((m) => m.HelpsPage));
export const ConnectionList = lazyScreen(() => import('./resources/connections/ConnectionList').then((m) => m.ConnectionList));
export const UserList = lazyScreen(() => import('./resources/users/UserList').then((m) => m.UserList));
export const ContactList = lazyScreen(() => import('./resources/contacts/ContactList').then((m) => m.ContactList));
export const TagList = lazyScreen(() => import('./resources/tags/TagList').then((m) => m.TagList));
export const MessageTemplateList = lazyScreen(() => import('./resources/message-templates/MessageTemplateList').then((m) => m.MessageTemplateList));
export const QuickMessageList = lazyScreen(() => import('./resources/quick-messages/QuickMessageList').then((m) => m.QuickMessageList));
export const QueueList = lazyScreen(() => import('./resources/queues/QueueList').then((m) => m.QueueList));
export const PromptList = lazyScreen(() => import('./resources/prompts/PromptList').then((m) => m.PromptList));
export const QueueIntegrationList = lazyScreen(() => import('./resources/queue-integrations/QueueIntegrationList').then((m) => m.QueueIntegrationList));
export const FileListList = lazyScreen(() => import('./resources/files/FileListList').then((m) => m.FileListList));
export const CampaignsConfigPage = lazyScreen(() => import('./pages/campaigns-config/CampaignsConfigPage').then((m) => m.CampaignsConfigPage));
export const CampaignList = lazyScreen(() => import('./resources/campaigns/CampaignList').then((m) => m.CampaignList));
export const CampaignReportPage = lazyScreen(() => import('./pages/campaign-report/CampaignReportPage').then((m) => m.CampaignReportPage));
export const ContactListList = lazyScreen(() => import('./resources/contact-lists/ContactListList').then((m) => m.ContactListList));
export const ContactListItemsPage = lazyScreen(() => import('./resources/contact-lists/ContactListItemsPage').then((m) => m.ContactListItemsPage));
export const InvoiceList = lazyScreen(() => import('./pages/financeiro/InvoiceList').then((m) => m.InvoiceList));
export const SubscriptionPage = lazyScreen(() => import('./pages/subscription/SubscriptionPage').then((m) => m.SubscriptionPage));
export const RenewPage = lazyScreen(() => import('./pages/renew/RenewPage').then((m) => m.RenewPage));
export const AuditLogList = lazyScreen(() => import('./resources/audit-logs/AuditLogList').then((m) => m.AuditLogList));
export const AnnouncementList = lazyScreen(() => import('./resources/announcements/AnnouncementList').then((m) => m.AnnouncementList));
