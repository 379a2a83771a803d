import { subject as asSubject } from '@casl/ability';
import {
  type AppAbility,
  buildAbility,
  canNamed,
  type CrudAction,
  NAMED_RULES,
  type NamedRule,
  type PackedRules,
  type Profile,
  type ResourceSubject,
  unpackPermissionRules,
} from '../../../src/shared/permissions';
import { isPlanFlagEnabled, type PlanFlag, type PlanFlags } from '../../../src/shared/plan-flags';
import { isRouteAllowed, routeOfResource } from '../routes';
import { campaignsEnabled } from './session';

export interface Plan extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number | string;
}

/** The answer of GET /api/auth/me. */
export interface Me {
  user: { id: number; name: string; email: string; profile: Profile; super: boolean; companyId: number };
  company: { id: number; name: string; dueDate: string | null; timezone?: string; status: boolean; plan: Plan | null };
  settings: { key: string; value: string }[];
  rules: PackedRules;
}

/** What the signed-in user may see and do, derived once from /auth/me. */
export interface Access {
  me: Me;
  ability: AppAbility;
  isAdmin: boolean;
  isSuper: boolean;
  campaignsEnabled: boolean;
  can(rule: NamedRule): boolean;
  plan(flag: PlanFlag): boolean;
}

export function toAccess(me: Me): Access {
  const ability = buildAbility(unpackPermissionRules(me.rules));
  return {
    me,
    ability,
    isAdmin: me.user.profile === 'admin',
    isSuper: me.user.super,
    campaignsEnabled: campaignsEnabled(me.settings),
    can: (rule) => canNamed(ability, rule),
    plan: (flag) => isPlanFlagEnabled(me.company.plan, flag),
  };
}

/** react-admin resources guarded by a CASL subject, and react-admin actions as CASL actions. */
const RESOURCE_SUBJECTS: Record<string, ResourceSubject> = {
  users: 'User',
  contacts: 'Contact',
  queues: 'Queue',
  connections: 'Connection',
  prompts: 'Prompt',
  'queue-integration': 'QueueIntegration',
  settings: 'Setting',
  companies: 'Company',
  plans: 'Plan',
  helps: 'Help',
  announcements: 'Announcement',
  'quick-messages': 'QuickMessage',
  files: 'FileList',
  campaigns: 'Campaign',
  'contact-lists': 'ContactList',
  'contact-list-items': 'ContactList',
};
const CRUD_ACTIONS: Record<string, CrudAction> = {
  list: 'read',
  show: 'read',
  export: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
};

const isNamedRule = (rule: string): rule is NamedRule => (NAMED_RULES as readonly string[]).includes(rule);

/**
 * react-admin's canAccess on the shared rule table: `page:capability` named rules; a resource's screen as the route
 * table allows it (role, plan), then CRUD on guarded subjects. Anything else is left to the API.
 */
export function canAccessResource(
  access: Access,
  { action, resource, record }: { action: string; resource: string; record?: Record<string, unknown> },
): boolean {
  const named = `${resource}:${action}`;
  if (isNamedRule(named)) return access.can(named);
  const route = routeOfResource(resource);
  if (route && !isRouteAllowed(route, access)) return false;
  const subject = RESOURCE_SUBJECTS[resource];
  if (!subject) return true;
  const crud = CRUD_ACTIONS[action] ?? 'manage';
  return record ? access.ability.can(crud, asSubject(subject, { ...record })) : access.ability.can(crud, subject);
}
