import { describe, expect, it } from '@jest/globals';
import { defineRulesFor, packPermissionRules, type Profile } from '../../src/shared/permissions';
import type { PlanFlags } from '../../src/shared/plan-flags';
import { canAccessResource, type Me, toAccess } from './providers/accessControl';
import { findRoute, isRouteAllowed, ROUTES, refusalOf } from './routes';

function accessOf(profile: Profile, plan: PlanFlags = {}, isSuper = false) {
  const user = { id: 7, name: 'Ana', email: 'ana@example.com', profile, super: isSuper, companyId: 1 };
  const me: Me = {
    user,
    company: { id: 1, name: 'Empresa', dueDate: null, status: true, plan: { id: 1, name: 'Plano', users: 5, connections: 1, queues: 3, value: 0, ...plan } },
    settings: [],
    rules: packPermissionRules(defineRulesFor({ id: 7, profile, super: isSuper })),
  };
  return toAccess(me);
}

describe('the route table', () => {
  it('finds the entry of a location: exact patterns first, then the resource whose dialog route it is', () => {
    expect(findRoute('/users')).toBe(ROUTES.users);
    expect(findRoute('/users/create')).toBe(ROUTES.users);
    expect(findRoute('/queue-integration/12')).toBe(ROUTES.queueIntegration);
    expect(findRoute('/tickets/0f1e')).toBe(ROUTES.tickets);
    expect(findRoute('/contact-lists/5/contacts')).toBe(ROUTES.contactListItems);
    expect(findRoute('/financeiro/5/checkout')).toBe(ROUTES.financeiro);
    expect(findRoute('/subscription/5/checkout')).toBe(ROUTES.subscription);
    expect(findRoute('/')).toBe(ROUTES.dashboard);
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('lets the role and the plan decide, for the guard and for react-admin alike', () => {
    const attendant = accessOf('user', { useOpenAi: true });
    const admin = accessOf('admin', { useOpenAi: false });
    expect(isRouteAllowed(ROUTES.users, attendant)).toBe(false);
    expect(canAccessResource(attendant, { action: 'list', resource: 'users' })).toBe(false);
    expect(canAccessResource(admin, { action: 'list', resource: 'users' })).toBe(true);
    expect(canAccessResource(admin, { action: 'delete', resource: 'users' })).toBe(true);
    // The plan module gates the screen even for an admin.
    expect(canAccessResource(admin, { action: 'list', resource: 'prompts' })).toBe(false);
    // Attendants read prompts (their plan has the module) but do not write them.
    expect(canAccessResource(attendant, { action: 'list', resource: 'prompts' })).toBe(true);
    expect(canAccessResource(attendant, { action: 'create', resource: 'prompts' })).toBe(false);
    // Contacts are everyone's; deleting one is the admins'.
    expect(canAccessResource(attendant, { action: 'edit', resource: 'contacts' })).toBe(true);
    expect(canAccessResource(attendant, { action: 'delete', resource: 'contacts' })).toBe(false);
  });

  it('keeps the super user’s resources to super users', () => {
    expect(canAccessResource(accessOf('admin'), { action: 'create', resource: 'companies' })).toBe(false);
    expect(canAccessResource(accessOf('admin', {}, true), { action: 'create', resource: 'companies' })).toBe(true);
  });

  it('tells a role refusal from a plan refusal, so the guard names the right one', () => {
    expect(refusalOf(ROUTES.users, accessOf('user'))).toBe('role');
    expect(refusalOf(ROUTES.announcements, accessOf('admin'))).toBe('role');
    expect(refusalOf(ROUTES.prompts, accessOf('admin', { useOpenAi: false }))).toBe('plan');
    expect(refusalOf(ROUTES.prompts, accessOf('admin', { useOpenAi: true }))).toBeNull();
    expect(refusalOf(ROUTES.announcements, accessOf('admin', {}, true))).toBeNull();
  });
});
