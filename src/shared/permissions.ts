// One rule table for the API and the browser. No Nest or ORM imports here: admin/ imports this file.
import { AbilityBuilder, createMongoAbility, type MongoAbility, type RawRuleOf, subject } from '@casl/ability';
import { packRules, rulesToCondition, unpackRules, type PackRule } from '@casl/ability/extra';

export const PROFILES = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof PROFILES)[number];

/** Named rules of the spec: `page:capability`, checked as action `capability` on subject `page`. */
export const NAMED_RULES = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'tag-modal:editKanban',
  'tickets-manager:showQueueTickets',
] as const;
export type NamedRule = (typeof NAMED_RULES)[number];

/** Record-level subjects guarded by the API. */
export const RESOURCE_SUBJECTS = [
  'User',
  'Queue',
  'Setting',
  'Company',
  'Plan',
  'Help',
  'Announcement',
  'Connection',
  'Contact',
  'QueueOption',
  'Prompt',
  'QueueIntegration',
  'QuickMessage',
  'ContactList',
  'Campaign',
  'FileList',
  'Invoice',
  'AuditLog',
] as const;
export type ResourceSubject = (typeof RESOURCE_SUBJECTS)[number];
/** Subjects whose rules carry conditions on the viewer (queues, allTicket): tickets, and messages through their ticket. */
export const RECORD_SUBJECTS = ['Ticket', 'Message'] as const;
export type RecordSubject = (typeof RECORD_SUBJECTS)[number];
export type CrudAction = 'manage' | 'create' | 'read' | 'update' | 'delete';
/** `list`: what a ticket list shows without "show all" (see ticketRules below). */
export type ListAction = 'list';

type PageSubject = NamedRule extends `${infer P}:${string}` ? P : never;
export type Subject = ResourceSubject | RecordSubject | PageSubject | 'all';
export type Action = CrudAction | ListAction | (NamedRule extends `${string}:${infer A}` ? A : never);

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;
export type AppRawRule = RawRuleOf<AppAbility>;

export interface PermissionSubject {
  id: number;
  profile: Profile;
  super: boolean;
  /** The user's queues; ticket conditions name them. Omitted: no queue (callers that never look at tickets). */
  queueIds?: readonly number[];
  /** The user's allTicket flag: also tickets without a queue. */
  allTicket?: boolean;
}

export type TicketStatus = 'pending' | 'open' | 'closed';

/** The ticket fields the rules look at, named as the API serialises a ticket (the browser checks API payloads). */
export interface TicketFields {
  userId: number | null;
  queueId: number | null;
  status: TicketStatus;
}

const ADMIN_NAMED_RULES: readonly NamedRule[] = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'tag-modal:editKanban',
  'tickets-manager:showQueueTickets',
];

const SUPERVISOR_NAMED_RULES: readonly NamedRule[] = ['tag-modal:editKanban', 'tickets-manager:showQueueTickets'];

type TicketCondition = Record<string, unknown>;

/**
 * Ticket visibility (core-attendant §6, ARCHITECTURE §5), as CASL conditions on `TicketFields`. Two actions:
 * - `read`: open one ticket: GET /tickets/{id} and /tickets/u/{uuid}, its messages, notes and tags, its socket room.
 * - `list`: what ticket lists (tabs, counts, kanban) show by default.
 * "Show all" is a list switch, not a right: a list asked with it, by a holder of 'tickets-manager:showall', is
 * filtered by `read` instead of `list` (see ticketListAction), so it never widens beyond what the viewer may open.
 *
 * | profile    | read                                                                 | list                               |
 * |------------|----------------------------------------------------------------------|------------------------------------|
 * | admin      | every ticket of the company                                          | own; any in own queues; no queue   |
 * | supervisor | own; any status in own queues; no queue with allTicket               | = read                             |
 * | user       | own; pending in own queues; pending without queue with allTicket     | = read                             |
 *
 * A `user` opens exactly what their lists show: colleagues' open or closed tickets of a shared queue stay closed to
 * them (the old record check let them in; the spec's rule is "pending tickets of own queues").
 * Tenancy is not a condition: every query leads with the company and other companies' tickets answer 404.
 */
function ticketConditions(user: PermissionSubject): TicketCondition[] {
  const queueIds = [...(user.queueIds ?? [])];
  const inQueues = queueIds.length ? { queueId: { $in: queueIds } } : null;
  const conditions: TicketCondition[] = [{ userId: user.id }];
  if (user.profile === 'user') {
    if (inQueues) conditions.push({ status: 'pending', ...inQueues });
    if (user.allTicket) conditions.push({ status: 'pending', queueId: null });
    return conditions;
  }
  if (inQueues) conditions.push(inQueues);
  // Admins always list tickets without a queue (someone must pick them up); supervisors only with allTicket.
  if (user.profile === 'admin' || user.allTicket) conditions.push({ queueId: null });
  return conditions;
}

/** The same condition on a message, through its ticket (`{ ticket: TicketFields }`). */
const onMessageTicket = (condition: TicketCondition): TicketCondition =>
  Object.fromEntries(Object.entries(condition).map(([field, value]) => [`ticket.${field}`, value]));

function defineTicketRules(user: PermissionSubject, can: AbilityBuilder<AppAbility>['can']): void {
  const conditions = ticketConditions(user);
  for (const condition of conditions) {
    can('list', 'Ticket', condition);
    if (user.profile !== 'admin') {
      can('read', 'Ticket', condition);
      can('read', 'Message', onMessageTicket(condition));
    }
  }
  if (user.profile === 'admin') can('read', ['Ticket', 'Message']);
}

/** The action a ticket list is filtered by: `read` when "show all" is asked by someone allowed to, else `list`. */
export function ticketListAction(ability: AppAbility, showAll: boolean): 'read' | 'list' {
  return showAll && canNamed(ability, 'tickets-manager:showall') ? 'read' : 'list';
}

/** Whether the viewer may open every ticket of the company (no condition left): company-wide ticket rooms. */
export function readsEveryTicket(ability: AppAbility): boolean {
  const never = () => false;
  return rulesToCondition(ability.rulesFor('read', 'Ticket'), never, { and: never, or: never, empty: () => true }) === true;
}

/** Whether the viewer may open a ticket (or, with `list`, sees it in a default list). */
export function canSeeTicket(ability: AppAbility, ticket: TicketFields, action: 'read' | 'list' = 'read'): boolean {
  const fields: Record<string, unknown> = { userId: ticket.userId, queueId: ticket.queueId, status: ticket.status };
  return ability.can(action, subject('Ticket', fields));
}

export function splitNamedRule(rule: NamedRule): [Action, Subject] {
  const [subject, action] = rule.split(':') as [Subject, Action];
  return [action, subject];
}

/** The raw rules of one user. Tenant scoping is not expressed here: the data layer enforces it. */
export function defineRulesFor(user: PermissionSubject): AppRawRule[] {
  const { can, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);

  // Everyone: read colleagues, queues, settings, helps and their own company/plan; edit their own account.
  can('read', ['User', 'Queue', 'Setting', 'Help', 'Company', 'Plan', 'Connection', 'QueueOption', 'Prompt', 'QueueIntegration', 'FileList']);
  can('update', 'User', { id: user.id });
  can(['read', 'create', 'update'], 'Contact');
  // Quick messages: everyone reads the shared ones and manages their own (fields as the API serialises them).
  can('read', 'QuickMessage', { geral: true });
  can('manage', 'QuickMessage', { userId: user.id });
  // Announcements are global: everyone reads the active ones; super users manage them (below).
  can('read', 'Announcement', { status: true });

  defineTicketRules(user, can);

  const named = user.profile === 'admin' ? ADMIN_NAMED_RULES : user.profile === 'supervisor' ? SUPERVISOR_NAMED_RULES : [];
  for (const rule of named) can(...splitNamedRule(rule));

  if (user.profile === 'admin') {
    can('manage', ['User', 'Queue', 'Setting', 'Connection', 'Contact', 'QueueOption', 'Prompt', 'QueueIntegration', 'QuickMessage', 'FileList']);
    // Campaigns and their contact lists are an admin tool (core-attendant §2: the campaigns group is shown to admins).
    can('manage', ['ContactList', 'Campaign']);
    // The company's invoices: the admin reads and pays them (administration section: /financeiro).
    can(['read', 'update'], 'Invoice');
    can('update', 'Company'); // own company only (schedules); the service checks the id
    can('read', 'AuditLog'); // own company's trail; a super user's spans companies (the service decides)
  }
  if (user.super) {
    can('manage', ['Company', 'Plan', 'Help', 'Announcement']);
    can('read', 'AuditLog');
  }
  return rules;
}

export function buildAbility(rules: AppRawRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules);
}

export function abilityFor(user: PermissionSubject): AppAbility {
  return buildAbility(defineRulesFor(user));
}

export function canNamed(ability: AppAbility, rule: NamedRule): boolean {
  const [action, subject] = splitNamedRule(rule);
  return ability.can(action, subject);
}

export type PackedRules = PackRule<AppRawRule>[];

export function packPermissionRules(rules: AppRawRule[]): PackedRules {
  return packRules(rules);
}

export function unpackPermissionRules(packed: PackedRules): AppRawRule[] {
  return unpackRules(packed);
}
