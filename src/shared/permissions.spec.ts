import { describe, expect, it } from '@jest/globals';
import { abilityFor, buildAbility, canNamed, defineRulesFor, NAMED_RULES, packPermissionRules, unpackPermissionRules } from './permissions.js';

const admin = abilityFor({ id: 1, profile: 'admin', super: false });
const supervisor = abilityFor({ id: 2, profile: 'supervisor', super: false });
const user = abilityFor({ id: 3, profile: 'user', super: false });
const superUser = abilityFor({ id: 4, profile: 'user', super: true });

describe('permission rules', () => {
  it('grants every named rule of the spec to admins and none to plain users', () => {
    for (const rule of NAMED_RULES) {
      expect(canNamed(admin, rule)).toBe(true);
      expect(canNamed(user, rule)).toBe(false);
    }
  });

  it('gives supervisors the kanban switch and the queue ticket view only', () => {
    expect(canNamed(supervisor, 'tag-modal:editKanban')).toBe(true);
    expect(canNamed(supervisor, 'tickets-manager:showQueueTickets')).toBe(true);
    expect(canNamed(supervisor, 'drawer-admin-items:view')).toBe(false);
    expect(canNamed(supervisor, 'user-modal:editProfile')).toBe(false);
  });

  it('lets a user edit only their own account and never create users', () => {
    expect(user.can('update', { __caslSubjectType__: 'User', id: 3 } as never)).toBe(true);
    expect(user.can('update', { __caslSubjectType__: 'User', id: 9 } as never)).toBe(false);
    expect(user.can('create', 'User')).toBe(false);
    expect(admin.can('create', 'User')).toBe(true);
  });

  it('reserves companies, plans and helps management to the super flag', () => {
    expect(admin.can('create', 'Plan')).toBe(false);
    expect(superUser.can('create', 'Plan')).toBe(true);
    expect(superUser.can('delete', 'Company')).toBe(true);
    expect(superUser.can('update', 'Help')).toBe(true);
  });

  it('survives packing for the browser', () => {
    const rules = defineRulesFor({ id: 1, profile: 'admin', super: false });
    const restored = buildAbility(unpackPermissionRules(packPermissionRules(rules)));
    for (const rule of NAMED_RULES) expect(canNamed(restored, rule)).toBe(true);
  });
});
