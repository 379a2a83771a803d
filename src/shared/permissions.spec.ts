import { describe, expect, it } from '@jest/globals';
import { subject } from '@casl/ability';
import {
  abilityFor,
  type AppAbility,
  buildAbility,
  canNamed,
  canSeeTicket,
  defineRulesFor,
  NAMED_RULES,
  packPermissionRules,
  type PermissionSubject,
  readsEveryTicket,
  type TicketFields,
  type TicketStatus,
  ticketListAction,
  unpackPermissionRules,
} from './permissions.js';

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

  it('lets everyone read shared quick messages and change only their own; admins change any', () => {
    const message = (userId: number, geral: boolean) => subject('QuickMessage', { userId, geral } as Record<string, unknown>);
    const shared = (userId: number) => message(userId, true);
    const own = (userId: number) => message(userId, false);
    expect(user.can('read', shared(9))).toBe(true);
    expect(user.can('update', shared(9))).toBe(false);
    expect(user.can('delete', shared(9))).toBe(false);
    expect(user.can('read', own(9))).toBe(false);
    expect(user.can('update', own(3))).toBe(true);
    expect(user.can('delete', shared(3))).toBe(true);
    expect(user.can('create', 'QuickMessage')).toBe(true);
    expect(supervisor.can('update', shared(9))).toBe(false);
    expect(admin.can('delete', shared(9))).toBe(true);
    expect(admin.can('update', own(9))).toBe(true);
  });

  it('survives packing for the browser', () => {
    const rules = defineRulesFor({ id: 1, profile: 'admin', super: false });
    const restored = buildAbility(unpackPermissionRules(packPermissionRules(rules)));
    for (const rule of NAMED_RULES) expect(canNamed(restored, rule)).toBe(true);
  });

  it('keeps building rules for callers that pass no queues: only own tickets', () => {
    expect(canSeeTicket(user, { userId: 3, queueId: 1, status: 'open' })).toBe(true);
    expect(canSeeTicket(user, { userId: null, queueId: 1, status: 'pending' })).toBe(false);
    expect(canSeeTicket(admin, { userId: 9, queueId: 1, status: 'closed' })).toBe(true);
  });
});

/**
 * The ticket rule table (core §6, ARCHITECTURE §5): me = 10, my queue = 1, other queue = 2, colleague = 11.
 * Columns: [read, list] per profile for each ticket shape.
 */
describe('ticket visibility rules', () => {
  const me = 10;
  const viewer = (profile: PermissionSubject['profile'], allTicket = false): AppAbility =>
    abilityFor({ id: me, profile, super: false, queueIds: [1], allTicket });
  const viewers = {
    admin: viewer('admin'),
    supervisor: viewer('supervisor'),
    supervisorAll: viewer('supervisor', true),
    user: viewer('user'),
    userAll: viewer('user', true),
  };
  type Who = keyof typeof viewers;
  const ticket = (owner: 'mine' | 'colleague' | 'nobody', queue: 'mine' | 'other' | 'none', status: TicketStatus): TicketFields => ({
    userId: owner === 'mine' ? me : owner === 'colleague' ? 11 : null,
    queueId: queue === 'mine' ? 1 : queue === 'other' ? 2 : null,
    status,
  });
  const everyStatus: TicketStatus[] = ['pending', 'open', 'closed'];

  // Expected [read, list]; the admin's list is the default tab (without show all).
  const table: Array<[string, TicketFields, Record<Who, [boolean, boolean]>]> = [];
  for (const status of everyStatus) {
    const pending = status === 'pending';
    table.push(
      [
        `own ${status}, other queue`,
        ticket('mine', 'other', status),
        { admin: [true, true], supervisor: [true, true], supervisorAll: [true, true], user: [true, true], userAll: [true, true] },
      ],
      [
        `colleague's ${status} in my queue`,
        ticket('colleague', 'mine', status),
        { admin: [true, true], supervisor: [true, true], supervisorAll: [true, true], user: [pending, pending], userAll: [pending, pending] },
      ],
      [
        `unassigned ${status} in my queue`,
        ticket('nobody', 'mine', status),
        { admin: [true, true], supervisor: [true, true], supervisorAll: [true, true], user: [pending, pending], userAll: [pending, pending] },
      ],
      [
        `colleague's ${status} in another queue`,
        ticket('colleague', 'other', status),
        { admin: [true, false], supervisor: [false, false], supervisorAll: [false, false], user: [false, false], userAll: [false, false] },
      ],
      [
        `unassigned ${status} without queue`,
        ticket('nobody', 'none', status),
        { admin: [true, true], supervisor: [false, false], supervisorAll: [true, true], user: [false, false], userAll: [pending, pending] },
      ],
      [
        `colleague's ${status} without queue`,
        ticket('colleague', 'none', status),
        { admin: [true, true], supervisor: [false, false], supervisorAll: [true, true], user: [false, false], userAll: [pending, pending] },
      ],
    );
  }

  it.each(table)('%s', (_name, fields, expected) => {
    for (const [who, [read, list]] of Object.entries(expected) as Array<[Who, [boolean, boolean]]>) {
      expect([who, canSeeTicket(viewers[who], fields, 'read'), canSeeTicket(viewers[who], fields, 'list')]).toEqual([who, read, list]);
      // A message is visible exactly when its ticket is.
      expect([who, viewers[who].can('read', subject('Message', { id: 1, ticket: { ...fields } } as Record<string, unknown>))]).toEqual([who, read]);
    }
  });

  it('makes show all a list switch for those holding it, never a right', () => {
    expect(ticketListAction(viewers.admin, true)).toBe('read');
    expect(ticketListAction(viewers.admin, false)).toBe('list');
    for (const who of ['supervisor', 'user', 'userAll'] as const) expect(ticketListAction(viewers[who], true)).toBe('list');
  });

  it('opens every ticket only for admins (company-wide rooms)', () => {
    expect(readsEveryTicket(viewers.admin)).toBe(true);
    for (const who of ['supervisor', 'supervisorAll', 'user', 'userAll'] as const) expect(readsEveryTicket(viewers[who])).toBe(false);
  });

  it('ships the conditions to the browser unchanged', () => {
    const rules = defineRulesFor({ id: me, profile: 'user', super: false, queueIds: [1], allTicket: true });
    const restored = buildAbility(unpackPermissionRules(packPermissionRules(rules)));
    for (const [, fields] of table) {
      for (const action of ['read', 'list'] as const) expect(canSeeTicket(restored, fields, action)).toBe(canSeeTicket(viewers.userAll, fields, action));
    }
  });
});
