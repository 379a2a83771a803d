import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import CodeRounded from '@mui/icons-material/CodeRounded';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeviceHubOutlined from '@mui/icons-material/DeviceHubOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FlashOnOutlined from '@mui/icons-material/FlashOnOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MarkChatReadOutlined from '@mui/icons-material/MarkChatReadOutlined';
import LocalAtmOutlined from '@mui/icons-material/LocalAtmOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { SvgIconComponent } from '@mui/icons-material';
import { matchPath } from 'react-router-dom';
import type { PlanFlag } from '../../src/shared/plan-flags';
import type { Access } from './providers/accessControl';

/** A private route of the spec's route table, with the rules that show it in the menu and let it open. */
export interface AppRoute {
  /** react-router pattern. */
  path: string;
  /** Menu link, when the pattern has parameters. */
  to?: string;
  /** Catalog key of the title. */
  title: string;
  /** Catalog key of the menu label, when it differs from the title. */
  menuTitle?: string;
  icon?: SvgIconComponent;
  /** Plan module the route needs. */
  plan?: PlanFlag;
  allowed?: (access: Access) => boolean;
  /** Where a user who may not open the route goes, silently; without it they get a notice and go to /. */
  fallback?: string;
  /** Catalog key of that notice, when the screen's spec words it differently from the default. */
  deniedMessage?: string;
  /** The react-admin resource the screen is (its name is the path's first segment); its dialogs are sub-routes. */
  resource?: string;
}

const administration = (access: Access) => access.can('drawer-admin-items:view');
const campaigns = (access: Access) => access.isAdmin && access.campaignsEnabled;

export const ROUTES = {
  dashboard: {
    path: '/',
    title: 'menu.dashboard',
    icon: DashboardOutlined,
    allowed: (access) => access.can('dashboard:view'),
    fallback: '/tickets',
  },
  tickets: { path: '/tickets/:ticketId?', to: '/tickets', title: 'menu.tickets', icon: WhatsApp },
  kanban: { path: '/kanban', title: 'menu.kanban', icon: ViewKanbanOutlined, plan: 'useKanban', deniedMessage: 'app.noPagePermission' },
  quickMessages: { resource: 'quick-messages', path: '/quick-messages', title: 'menu.quickMessages', icon: FlashOnOutlined },
  todolist: { path: '/todolist', title: 'menu.todolist', icon: ChecklistOutlined },
  contacts: { resource: 'contacts', path: '/contacts', title: 'menu.contacts', icon: ContactPhoneOutlined },
  schedules: { path: '/schedules', title: 'menu.schedules', icon: EventOutlined, plan: 'useSchedules', deniedMessage: 'app.noPagePermission' },
  tags: { resource: 'tags', path: '/tags', title: 'menu.tags', icon: LocalOfferOutlined },
  helps: { resource: 'helps', path: '/helps', title: 'menu.helps', icon: HelpOutlineOutlined },
  chats: { path: '/chats/:id?', to: '/chats', title: 'menu.chats', icon: ForumOutlined, plan: 'useInternalChat' },
  campaigns: {
    resource: 'campaigns',
    path: '/campaigns',
    title: 'menu.campaignsList',
    icon: ListAltOutlined,
    plan: 'useCampaigns',
    allowed: campaigns,
  },
  contactLists: {
    resource: 'contact-lists',
    path: '/contact-lists',
    title: 'menu.contactLists',
    icon: PeopleOutlined,
    plan: 'useCampaigns',
    allowed: campaigns,
  },
  contactListItems: {
    path: '/contact-lists/:contactListId/contacts',
    title: 'menu.contactListItems',
    plan: 'useCampaigns',
    allowed: campaigns,
  },
  campaignReport: {
    path: '/campaign/:campaignId/report',
    title: 'menu.campaignReport',
    plan: 'useCampaigns',
    allowed: campaigns,
  },
  campaignsConfig: {
    path: '/campaigns-config',
    title: 'menu.campaignsConfig',
    // Apart from the company's "Configurações": two entries of one name could not be told apart.
    menuTitle: 'menu.campaignsConfig',
    icon: TuneOutlined,
    plan: 'useCampaigns',
    allowed: campaigns,
  },
  announcements: {
    resource: 'announcements',
    path: '/announcements',
    title: 'menu.announcements',
    icon: AnnouncementOutlined,
    allowed: (access) => access.isSuper,
    deniedMessage: 'app.noPagePermission',
  },
  prompts: {
    resource: 'prompts',
    path: '/prompts',
    title: 'menu.prompts',
    icon: AutoAwesomeOutlined,
    plan: 'useOpenAi',
    deniedMessage: 'app.noPagePermission',
  },
  queueIntegration: {
    resource: 'queue-integration',
    path: '/queue-integration',
    title: 'menu.queueIntegration',
    icon: DeviceHubOutlined,
    plan: 'useIntegrations',
    deniedMessage: 'app.noPagePermission',
  },
  connections: { resource: 'connections', path: '/connections', title: 'menu.connections', icon: SyncAltOutlined, allowed: administration },
  messageTemplates: {
    resource: 'message-templates',
    path: '/message-templates',
    title: 'menu.messageTemplates',
    icon: MarkChatReadOutlined,
    allowed: (access) => access.can('connections-page:editOrDeleteConnection'),
  },
  files: { resource: 'files', path: '/files', title: 'menu.files', icon: AttachFileOutlined, allowed: administration },
  queues: { resource: 'queues', path: '/queues', title: 'menu.queues', icon: AccountTreeOutlined, allowed: administration },
  users: { resource: 'users', path: '/users', title: 'menu.users', icon: PeopleAltOutlined, allowed: administration },
  messagesApi: {
    path: '/messages-api',
    title: 'menu.messagesApi',
    icon: CodeRounded,
    plan: 'useExternalApi',
    allowed: administration,
  },
  financeiro: { resource: 'financeiro', path: '/financeiro', title: 'menu.financeiro', icon: LocalAtmOutlined, allowed: administration },
  settings: { path: '/settings', title: 'menu.settings', icon: SettingsOutlined, allowed: administration },
  auditLogs: {
    resource: 'audit-logs',
    path: '/audit-logs',
    title: 'menu.auditLogs',
    icon: HistoryOutlined,
    // The API lets admins read their company's trail and super users every company's.
    allowed: (access) => access.isAdmin || access.isSuper,
    deniedMessage: 'app.noPagePermission',
  },
  subscription: {
    path: '/subscription/*',
    to: '/subscription',
    title: 'menu.subscription',
    icon: CardMembershipOutlined,
    allowed: administration,
  },
} satisfies Record<string, AppRoute>;

export function isRouteAllowed(route: AppRoute, access: Access): boolean {
  return (!route.plan || access.plan(route.plan)) && (route.allowed?.(access) ?? true);
}

/** Why a screen is refused: the company's plan lacks the module, or the user's role may not see it; null when allowed. */
export function refusalOf(route: AppRoute, access: Access): 'plan' | 'role' | null {
  if (route.plan && !access.plan(route.plan)) return 'plan';
  return (route.allowed?.(access) ?? true) ? null : 'role';
}

const ALL_ROUTES: AppRoute[] = Object.values(ROUTES);

/** The route table's entry of a location: an exact pattern first, else the resource whose sub-route it is. */
export function findRoute(pathname: string): AppRoute | undefined {
  return ALL_ROUTES.find((route) => matchPath(route.path, pathname)) ?? ALL_ROUTES.find((route) => route.resource && matchPath(`${route.path}/*`, pathname));
}

/** The route table's entry of a react-admin resource. */
export function routeOfResource(resource: string): AppRoute | undefined {
  return ALL_ROUTES.find((route) => route.resource === resource);
}

export interface MenuGroup {
  title: string;
  icon: SvgIconComponent;
  routes: AppRoute[];
}

export interface MenuSection {
  /** Catalog key of the section's heading. */
  heading?: string;
  entries: (AppRoute | MenuGroup)[];
}

export const MENU: MenuSection[] = [
  {
    entries: [
      ROUTES.dashboard,
      ROUTES.tickets,
      ROUTES.kanban,
      ROUTES.quickMessages,
      ROUTES.todolist,
      ROUTES.contacts,
      ROUTES.schedules,
      ROUTES.tags,
      ROUTES.helps,
      ROUTES.chats,
      {
        title: 'menu.campaigns',
        icon: CampaignOutlined,
        routes: [ROUTES.campaigns, ROUTES.contactLists, ROUTES.campaignsConfig],
      },
      ROUTES.announcements,
      ROUTES.prompts,
      ROUTES.queueIntegration,
    ],
  },
  {
    heading: 'menu.administration',
    entries: [
      ROUTES.connections,
      ROUTES.messageTemplates,
      ROUTES.files,
      ROUTES.queues,
      ROUTES.users,
      ROUTES.messagesApi,
      ROUTES.financeiro,
      ROUTES.subscription,
      ROUTES.settings,
      ROUTES.auditLogs,
    ],
  },
];
