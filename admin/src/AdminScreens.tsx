import { AdminUI, CustomRoutes, DataProviderContext, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { ForgotPasswordPage } from './pages/forgot-password/ForgotPasswordPage';
import { LoginPage } from './pages/login/LoginPage';
import { SignupPage } from './pages/signup/SignupPage';
import { TicketsPage } from './pages/tickets/TicketsPage';
import { dataProvider } from './providers/dataProvider';
import { ROUTES } from './routes';
import {
  AnnouncementList,
  AuditLogList,
  CampaignsConfigPage,
  CampaignList,
  CampaignReportPage,
  ChatsPage,
  ConnectionList,
  ContactList,
  ContactListItemsPage,
  ContactListList,
  DashboardPage,
  FileListList,
  HelpsPage,
  InvoiceList,
  KanbanPage,
  MessagesApiPage,
  PromptList,
  QueueIntegrationList,
  QueueList,
  QuickMessageList,
  RenewPage,
  SchedulesPage,
  SettingsPage,
  SubscriptionPage,
  TagList,
  MessageTemplateList,
  TodoListPage,
  UserList,
} from './lazyScreens';

/** The shell (App.tsx) shows the toasts. */
const NoToasts = () => null;

/**
 * The product behind the login, loaded as its own chunk by the shell (App.tsx), whose react-admin contexts it
 * renders in: react-admin resources (generated CRUD screens; their add/edit dialogs are the `{list}/create` and
 * `{list}/{id}` sub-routes) and the custom pages. The route table (routes.ts) gives each its menu entry and guard.
 */
export function AdminScreens() {
  return (
    <DataProviderContext.Provider value={dataProvider}>
      <AdminUI layout={Layout} loginPage={LoginPage} dashboard={DashboardPage} notification={NoToasts} requireAuth disableTelemetry>
        <Resource name="users" list={UserList} />
        <Resource name="contacts" list={ContactList} />
        <Resource name="tags" list={TagList} />
        <Resource name="quick-messages" list={QuickMessageList} />
        <Resource name="contact-lists" list={ContactListList} />
        <Resource name="contact-list-items" />
        <Resource name="queues" list={QueueList} />
        <Resource name="prompts" list={PromptList} />
        <Resource name="queue-integration" list={QueueIntegrationList} />
        <Resource name="connections" list={ConnectionList} />
        <Resource name="message-templates" list={MessageTemplateList} />
        <Resource name="campaigns" list={CampaignList} />
        <Resource name="helps" list={HelpsPage} />
        <Resource name="files" list={FileListList} />
        <Resource name="companies" />
        <Resource name="plans" />
        <Resource name="financeiro" list={InvoiceList} />
        <Resource name="announcements" list={AnnouncementList} />
        <Resource name="audit-logs" list={AuditLogList} />

        <CustomRoutes noLayout>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
          <Route path="/renew/*" element={<RenewPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path={ROUTES.tickets.path} element={<TicketsPage />} />
          <Route path={ROUTES.kanban.path} element={<KanbanPage />} />
          <Route path={ROUTES.chats.path} element={<ChatsPage />} />
          <Route path={ROUTES.schedules.path} element={<SchedulesPage />} />
          <Route path={ROUTES.todolist.path} element={<TodoListPage />} />
          <Route path={ROUTES.messagesApi.path} element={<MessagesApiPage />} />
          <Route path={ROUTES.settings.path} element={<SettingsPage />} />
          <Route path={ROUTES.campaignsConfig.path} element={<CampaignsConfigPage />} />
          <Route path={ROUTES.campaignReport.path} element={<CampaignReportPage />} />
          <Route path={ROUTES.contactListItems.path} element={<ContactListItemsPage />} />
          <Route path={ROUTES.subscription.path} element={<SubscriptionPage />} />
        </CustomRoutes>
      </AdminUI>
    </DataProviderContext.Provider>
  );
}
