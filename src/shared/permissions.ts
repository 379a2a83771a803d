// One rule table for the API and the browser. No Nest or ORM imports here: admin/ imports this file.
import { AbilityBuilder, createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { packRules, unpackRules, type PackRule } from '@casl/ability/extra';

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
export const RESOURCE_SUBJECTS = ['User', 'Queue', 'Setting', 'Company', 'Plan', 'Help', 'Announcement', 'Connection', 'Contact', 'QueueOption', 'Prompt', 'QueueIntegration'] as const;
export type ResourceSubject = (typeof RESOURCE_SUBJECTS)[number];
export type CrudAction = 'manage' | 'create' | 'read' | 'update' | 'delete';

type PageSubject = NamedRule extends `${infer P}:${string}` ? P : never;
export type Subject = ResourceSubject | PageSubject | 'all';
export type Action = CrudAction | (NamedRule extends `${string}:${infer A}` ? A : never);

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;
export type AppRawRule = RawRuleOf<AppAbility>;

export interface PermissionSubject {
  id: number;
  profile: Profile;
  super: boolean;
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

export function splitNamedRule(rule: NamedRule): [Action, Subject] {
  const [subject, action] = rule.split(':') as [Subject, Action];
  return [action, subject];
}

/** The raw rules of one user. Tenant scoping is not expressed here: the data layer enforces it. */
export function defineRulesFor(user: PermissionSubject): AppRawRule[] {
  const { can, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);

  // Everyone: read colleagues, queues, settings, helps and their own company/plan; edit their own account.
  can('read', ['User', 'Queue', 'Setting', 'Help', 'Company', 'Plan', 'Connection', 'QueueOption', 'Prompt', 'QueueIntegration']);
  can('update', 'User', { id: user.id });
  can(['read', 'create', 'update'], 'Contact');

  const named = user.profile === 'admin' ? ADMIN_NAMED_RULES : user.profile === 'supervisor' ? SUPERVISOR_NAMED_RULES : [];
  for (const rule of named) can(...splitNamedRule(rule));

  if (user.profile === 'admin') {
    can('manage', ['User', 'Queue', 'Setting', 'Connection', 'Contact', 'QueueOption', 'Prompt', 'QueueIntegration']);
    can('update', 'Company'); // own company only (schedules); the service checks the id
  }
  if (user.super) {
    can('manage', ['Company', 'Plan', 'Help', 'Announcement']);
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
