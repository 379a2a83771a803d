import { describe, expect, it } from '@jest/globals';
import { AbilityBuilder, createMongoAbility } from '@casl/ability';
import { abilityFor, type AppAbility } from '../shared/permissions.js';
import { rulesToSql } from './rules-to-sql.js';

const columns = { userId: 't.user_id', queueId: 't.queue_id', status: 't.status' };

describe('rulesToSql', () => {
  it('turns a user’s ticket rules into plain, index-friendly comparisons', () => {
    const user = abilityFor({ id: 7, profile: 'user', super: false, queueIds: [1, 2], allTicket: true });
    expect(rulesToSql(user, 'read', 'Ticket', columns)).toEqual({
      sql: '((t.status = ? and t.queue_id is null) or (t.status = ? and t.queue_id in (?, ?)) or t.user_id = ?)',
      params: ['pending', 'pending', 1, 2, 7],
    });
  });

  it('answers true for an unconditional rule and false for none', () => {
    const admin = abilityFor({ id: 1, profile: 'admin', super: false, queueIds: [] });
    expect(rulesToSql(admin, 'read', 'Ticket', columns)).toEqual({ sql: 'true', params: [] });
    expect(rulesToSql(admin, 'delete', 'Ticket', columns)).toEqual({ sql: 'false', params: [] });
  });

  it('bounds can rules by later cannot rules, reading NULL comparisons as not matching', () => {
    const { can, cannot, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
    can('read', 'Ticket', { userId: 3 });
    cannot('read', 'Ticket', { status: 'closed' });
    expect(rulesToSql(createMongoAbility(rules) as AppAbility, 'read', 'Ticket', columns)).toEqual({
      sql: '(t.user_id = ? and not coalesce(t.status = ?, false))',
      params: [3, 'closed'],
    });
  });

  it('fails closed on a field without a column or an unknown operator', () => {
    const { can, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
    can('read', 'Ticket', { contactId: 3 });
    expect(() => rulesToSql(createMongoAbility(rules) as AppAbility, 'read', 'Ticket', columns)).toThrow(/no column for field contactId/);
    const other = new AbilityBuilder<AppAbility>(createMongoAbility);
    other.can('read', 'Ticket', { userId: { $gt: 3 } });
    expect(() => rulesToSql(createMongoAbility(other.rules) as AppAbility, 'read', 'Ticket', columns)).toThrow(/unsupported operator gt/);
  });
});
