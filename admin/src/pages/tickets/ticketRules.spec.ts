import { describe, expect, it } from '@jest/globals';
import { buildAbility, defineRulesFor, packPermissionRules, type Profile, unpackPermissionRules } from '../../../../src/shared/permissions';
import { belongsToList, inViewerQueues, isNotifiable, shouldNotify, upsertTicket, type Viewer } from './ticketRules';
import type { Ticket } from './types';

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 1,
  uuid: 'u-1',
  status: 'open',
  contactId: 1,
  userId: 3,
  queueId: 1,
  whatsappId: 1,
  lastMessage: 'Olá',
  lastMessageAt: '2026-01-01T10:00:00.000Z',
  lastMessagePreview: null,
  unreadMessages: 1,
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  ratingPending: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  contact: { id: 1, name: 'Maria', number: '5511988887777', profilePicUrl: null, isGroup: false },
  queue: { id: 1, name: 'Comercial', color: '#2E7D32' },
  user: { id: 3, name: 'Atendente' },
  whatsapp: { id: 1, name: 'WhatsApp' },
  ...overrides,
});

/** A viewer with the rules as /auth/me ships them (packed, then unpacked by the browser). */
function viewer(id: number, profile: Profile, queueIds: number[], allTicket: boolean): Viewer {
  const rules = defineRulesFor({ id, profile, super: false, queueIds, allTicket });
  return { id, queueIds, allTicket, ability: buildAbility(unpackPermissionRules(packPermissionRules(rules))) };
}

const attendant = viewer(3, 'user', [1], false);
const admin = viewer(2, 'admin', [], true);

describe('belongsToList', () => {
  it('keeps my open tickets in the open list and drops other statuses', () => {
    expect(belongsToList(ticket(), { status: 'open', showAll: false }, attendant)).toBe(true);
    expect(belongsToList(ticket({ status: 'pending' }), { status: 'open', showAll: false }, attendant)).toBe(false);
  });

  it("shows others' open tickets only with show all (admins)", () => {
    const others = ticket({ userId: 9, user: { id: 9, name: 'Outro' } });
    expect(belongsToList(others, { status: 'open', showAll: false }, admin)).toBe(false);
    expect(belongsToList(others, { status: 'open', showAll: true }, admin)).toBe(true);
    expect(belongsToList(others, { status: 'open', showAll: true }, attendant)).toBe(false);
  });

  it('shows pending tickets of my queues, and without queue only with allTicket', () => {
    expect(belongsToList(ticket({ status: 'pending', userId: null }), { status: 'pending', showAll: false }, attendant)).toBe(true);
    expect(belongsToList(ticket({ status: 'pending', userId: null, queueId: 2 }), { status: 'pending', showAll: false }, attendant)).toBe(false);
    const noQueue = ticket({ status: 'pending', userId: null, queueId: null, queue: null });
    expect(belongsToList(noQueue, { status: 'pending', showAll: false }, attendant)).toBe(false);
    expect(belongsToList(noQueue, { status: 'pending', showAll: false }, viewer(3, 'user', [1], true))).toBe(true);
  });

  it("lists colleagues' open tickets of my queues for admins and supervisors, as GET /tickets does", () => {
    const colleagues = ticket({ userId: 9, user: { id: 9, name: 'Outro' } });
    expect(belongsToList(colleagues, { status: 'open', showAll: false }, viewer(2, 'admin', [1], false))).toBe(true);
    expect(belongsToList(colleagues, { status: 'open', showAll: false }, viewer(4, 'supervisor', [1], false))).toBe(true);
    expect(belongsToList(colleagues, { status: 'open', showAll: false }, attendant)).toBe(false);
  });
});

describe('inViewerQueues (may open the ticket)', () => {
  it('follows the shipped rules: admins any ticket, users their own and pending ones of their queues', () => {
    expect(inViewerQueues({ userId: 9, queueId: 2, status: 'closed' }, admin)).toBe(true);
    expect(inViewerQueues({ userId: 3, queueId: 2, status: 'closed' }, attendant)).toBe(true);
    expect(inViewerQueues({ userId: null, queueId: 1, status: 'pending' }, attendant)).toBe(true);
    expect(inViewerQueues({ userId: 9, queueId: 1, status: 'open' }, attendant)).toBe(false);
    expect(inViewerQueues({ userId: null, queueId: null, status: 'pending' }, attendant)).toBe(false);
  });
});

describe('notification rules (core §6)', () => {
  it('notifies unread tickets that are mine or unassigned in my queues', () => {
    expect(isNotifiable(ticket(), attendant)).toBe(true);
    expect(isNotifiable(ticket({ userId: null }), attendant)).toBe(true);
    expect(isNotifiable(ticket({ queueId: null }), attendant)).toBe(true);
  });

  it('ignores read, foreign, other-queue and closed tickets', () => {
    expect(isNotifiable(ticket({ unreadMessages: 0 }), attendant)).toBe(false);
    expect(isNotifiable(ticket({ userId: 9 }), attendant)).toBe(false);
    expect(isNotifiable(ticket({ queueId: 2 }), attendant)).toBe(false);
    expect(isNotifiable(ticket({ status: 'closed' }), attendant)).toBe(false);
  });

  it('notifies pending tickets only with allTicket', () => {
    const pending = ticket({ status: 'pending', userId: null });
    expect(isNotifiable(pending, attendant)).toBe(false);
    expect(isNotifiable(pending, { ...attendant, allTicket: true })).toBe(true);
  });

  it('never rings for my own messages', () => {
    expect(shouldNotify({ fromMe: true }, ticket(), attendant)).toBe(false);
    expect(shouldNotify({ fromMe: false }, ticket({ unreadMessages: 0 }), attendant)).toBe(true);
  });
});

describe('upsertTicket', () => {
  const list = [ticket({ id: 1 }), ticket({ id: 2 }), ticket({ id: 3 })];

  it('replaces in place, moves to the top on a new message, inserts unknown tickets first', () => {
    expect(upsertTicket(list, ticket({ id: 2, lastMessage: 'x' }), false).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(upsertTicket(list, ticket({ id: 3 }), true).map((t) => t.id)).toEqual([3, 1, 2]);
    expect(upsertTicket(list, ticket({ id: 4, lastMessageAt: '2026-01-02T10:00:00.000Z' }), false).map((t) => t.id)).toEqual([4, 1, 2, 3]);
    expect(upsertTicket(list, ticket({ id: 4 }), true).map((t) => t.id)).toEqual([4, 1, 2, 3]);
  });

  it('puts a ticket moved into the list where its last message belongs', () => {
    const dated = [
      ticket({ id: 9, lastMessageAt: '2026-01-03T10:00:00.000Z' }),
      ticket({ id: 8, lastMessageAt: '2026-01-02T10:00:00.000Z' }),
      ticket({ id: 7, lastMessageAt: '2026-01-01T10:00:00.000Z' }),
    ];
    const ids = (moved: Ticket) => upsertTicket(dated, moved, false).map((t) => t.id);
    expect(ids(ticket({ id: 5, lastMessageAt: '2026-01-02T12:00:00.000Z' }))).toEqual([9, 5, 8, 7]);
    expect(ids(ticket({ id: 5, lastMessageAt: '2025-12-31T10:00:00.000Z' }))).toEqual([9, 8, 7, 5]);
  });

  it('keeps the known tags when the update carries none', () => {
    const tagged = [ticket({ id: 1, tags: [{ id: 5, name: 'VIP', color: '#000' }] })];
    const { tags: _ignored, ...withoutTags } = ticket({ id: 1 });
    expect(upsertTicket(tagged, withoutTags as Ticket, true)[0]?.tags).toHaveLength(1);
  });
});
