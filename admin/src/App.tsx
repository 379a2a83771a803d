import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { AllowedRoute } from './components/AllowedRoute';
import { ComingSoon } from './components/ComingSoon';
import { Toasts } from './components/Toasts';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { ChatsPage } from './pages/chats/ChatsPage';
import { ForgotPasswordPage } from './pages/forgot-password/ForgotPasswordPage';
import { ConnectionsPage } from './pages/connections/ConnectionsPage';
import { HelpsPage } from './pages/helps/HelpsPage';
import { DashboardPage, KanbanPage, SchedulesPage } from './pages/lazyPages';
import { LoginPage } from './pages/login/LoginPage';
import { MessagesApiPage } from './pages/messages-api/MessagesApiPage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { SignupPage } from './pages/signup/SignupPage';
import { TicketsPage } from './pages/tickets/TicketsPage';
import { TodoListPage } from './pages/todolist/TodoListPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { createStore } from './providers/preferences';
import { ContactList } from './resources/contacts/ContactList';
import { PromptList } from './resources/prompts/PromptList';
import { QueueIntegrationList } from './resources/queue-integrations/QueueIntegrationList';
import { QueueList } from './resources/queues/QueueList';
import { QuickMessageList } from './resources/quick-messages/QuickMessageList';
import { TagList } from './resources/tags/TagList';
import { UserList } from './resources/users/UserList';
import { PLACEHOLDER_ROUTES, ROUTES } from './routes';
import { darkTheme, lightTheme } from './theme';

const store = createStore();

const Dashboard = () => (
  <AllowedRoute route={ROUTES.dashboard}>
    <DashboardPage />
  </AllowedRoute>
);

export function App() {
  return (
    <BrowserRouter>
      <Admin
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme="light"
        layout={Layout}
        loginPage={LoginPage}
        dashboard={Dashboard}
        notification={Toasts}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          {/* /schedules and /kanban are built below; routes.ts still lists them as placeholders. */}
          {PLACEHOLDER_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <AllowedRoute route={route}>
                  <ComingSoon title={route.title} />
                </AllowedRoute>
              }
            />
          ))}
          <Route
            path={ROUTES.tickets.path}
            element={
              <AllowedRoute route={ROUTES.tickets}>
                <TicketsPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.connections.path}
            element={
              <AllowedRoute route={ROUTES.connections}>
                <ConnectionsPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.messagesApi.path}
            element={
              <AllowedRoute route={ROUTES.messagesApi}>
                <MessagesApiPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.queues.path}
            element={
              <AllowedRoute route={ROUTES.queues}>
                <QueueList />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.prompts.path}
            element={
              <AllowedRoute route={ROUTES.prompts}>
                <PromptList />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.queueIntegration.path}
            element={
              <AllowedRoute route={ROUTES.queueIntegration}>
                <QueueIntegrationList />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.settings.path}
            element={
              <AllowedRoute route={ROUTES.settings}>
                <SettingsPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.helps.path}
            element={
              <AllowedRoute route={ROUTES.helps}>
                <HelpsPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.todolist.path}
            element={
              <AllowedRoute route={ROUTES.todolist}>
                <TodoListPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.schedules.path}
            element={
              <AllowedRoute route={ROUTES.schedules}>
                <SchedulesPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.chats.path}
            element={
              <AllowedRoute route={ROUTES.chats}>
                <ChatsPage />
              </AllowedRoute>
            }
          />
          <Route
            path={ROUTES.kanban.path}
            element={
              <AllowedRoute route={ROUTES.kanban}>
                <KanbanPage />
              </AllowedRoute>
            }
          />
        </CustomRoutes>
        <Resource
          name="users"
          list={
            <AllowedRoute route={ROUTES.users}>
              <UserList />
            </AllowedRoute>
          }
        />
        <Resource
          name="contacts"
          list={
            <AllowedRoute route={ROUTES.contacts}>
              <ContactList />
            </AllowedRoute>
          }
        />
        <Resource
          name="tags"
          list={
            <AllowedRoute route={ROUTES.tags}>
              <TagList />
            </AllowedRoute>
          }
        />
        <Resource
          name="quick-messages"
          list={
            <AllowedRoute route={ROUTES.quickMessages}>
              <QuickMessageList />
            </AllowedRoute>
          }
        />
      </Admin>
    </BrowserRouter>
  );
}
