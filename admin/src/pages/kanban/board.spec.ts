import { describe, expect, it } from '@jest/globals';
import { buildAbility, defineRulesFor, packPermissionRules, type Profile, unpackPermissionRules } from '../../../../src/shared/permissions';
import type { Ticket } from '../tickets/types';
import { type BoardViewer, boardQueueIds, groupByLane, laneAfterSync, laneOf, onBoard, setCardTags, tagsAfterMove, upsertCard } from './board';
import type { KanbanTicket, Lane } from './types';

const lanes: Lane[] = [
  { id: 10, name: 'Em negociação', color: '#1565C0' },
  { id: 20, name: 'Fechado', color: '#2E7D32' },
];
const vip = { id: 30, name: 'VIP', color: '#F9A825' };

/**
 * A card whose last message was at `lastMessageAt`; its updatedAt (`updatedAt`, by default a later time that reverses
 * the order of the messages) is what accepting, transferring or tagging changes.
 */
const card = (
  id: number,
  tags: KanbanTicket['tags'],
  lastMessageAt = '2026-01-01T10:00:00.000Z',
  laneId?: number,
  updatedAt = new Date(Date.parse('2026-03-01T00:00:00.000Z') - Date.parse(lastMessageAt) + Date.parse('2026-01-01T00:00:00.000Z')).toISOString(),
): KanbanTicket =>
  ({ id, uuid: `u-${id}`, status: 'open', queueId: 1, userId: 7, lastMessageAt, updatedAt, tags, laneId, contact: null }) as unknown as KanbanTicket;

/** A viewer with the rules as /auth/me ships them (packed, then unpacked by the browser). */
function viewer(id: number, profile: Profile, queueIds: number[], showAll: boolean): BoardViewer {
  const rules = defineRulesFor({ id, profile, super: false, queueIds, allTicket: false });
  return { id, showAll, queueIds, ability: buildAbility(unpackPermissionRules(packPermissionRules(rules))) };
}

const user = viewer(7, 'user', [1, 2], false);
const supervisor = viewer(7, 'supervisor', [1, 2], false);
const admin = viewer(7, 'admin', [], true);

describe('kanban board', () => {
  it('puts a card in its first lane tag in lane order, lane 0 without one', () => {
    expect(laneOf(card(1, [vip, lanes[1]!, lanes[0]!]), lanes)).toBe(10);
    expect(laneOf(card(2, [vip]), lanes)).toBe(0);
  });

  it('groups every lane, empty ones too, latest message first', () => {
    const groups = groupByLane([card(1, []), card(2, [lanes[0]!]), card(3, [], '2026-01-02T10:00:00.000Z')], lanes);
    expect([...groups.keys()]).toEqual([0, 10, 20]);
    expect(groups.get(0)!.map((item) => item.id)).toEqual([3, 1]);
    expect(groups.get(10)!.map((item) => item.id)).toEqual([2]);
    expect(groups.get(20)).toEqual([]);
  });

  it('orders a lane by last message, not by updatedAt (accepting or transferring does not move a card)', () => {
    // Ticket 1 was accepted a minute ago (newest updatedAt) but its customer last wrote yesterday; ticket 2 last wrote
    // this morning and was not touched since; ticket 3 wrote at the same time as 2 and has the higher id.
    const accepted = card(1, [lanes[0]!], '2026-01-01T09:00:00.000Z', undefined, '2026-01-02T12:00:00.000Z');
    const quiet = card(2, [lanes[0]!], '2026-01-02T08:00:00.000Z', undefined, '2026-01-02T08:00:00.000Z');
    const tie = card(3, [lanes[0]!], '2026-01-02T08:00:00.000Z', undefined, '2026-01-01T00:00:00.000Z');
    expect(accepted.updatedAt > quiet.updatedAt).toBe(true);
    const order = (cards: KanbanTicket[], lane: number) =>
      groupByLane(cards, lanes)
        .get(lane)
        ?.map((item) => item.id);
    expect(order([accepted, quiet, tie], 10)).toEqual([3, 2, 1]);
    // The default fixtures reverse updatedAt against lastMessageAt too.
    const older = card(4, [], '2026-01-01T10:00:00.000Z');
    const newer = card(5, [], '2026-01-03T10:00:00.000Z');
    expect(older.updatedAt > newer.updatedAt).toBe(true);
    expect(order([older, newer], 0)).toEqual([5, 4]);
  });

  it('puts a card with two lane tags in the lane it was moved to last, as the server tells it', () => {
    expect(laneOf(card(1, [lanes[0]!, lanes[1]!, vip], undefined, 20), lanes)).toBe(20);
    expect(laneOf(card(1, [lanes[0]!, lanes[1]!, vip], undefined, 10), lanes)).toBe(10);
    // A lane the card no longer has the tag of, or a lane that is gone, falls back to lane order.
    expect(laneOf(card(1, [lanes[1]!], undefined, 10), lanes)).toBe(20);
    expect(laneOf(card(1, [vip], undefined, 30), lanes)).toBe(0);
    const groups = groupByLane([card(1, [lanes[0]!, lanes[1]!], undefined, 20)], lanes);
    expect(groups.get(20)!.map((item) => item.id)).toEqual([1]);
    expect(groups.get(10)).toEqual([]);
  });

  it('moves between lanes removing only the tag of the lane it leaves, and to lane 0 dropping every lane tag', () => {
    expect(tagsAfterMove([vip, lanes[0]!], lanes, 10, lanes[1]!)).toEqual([vip, { id: 20, name: 'Fechado', color: '#2E7D32' }]);
    const third = { id: 40, name: 'Proposta', color: '#6A1B9A' };
    // In lane 20 with lane 10's tag too: moving to 40 keeps 10's tag.
    expect(tagsAfterMove([lanes[0]!, lanes[1]!, vip], [...lanes, third], 20, third)).toEqual([lanes[0], vip, third]);
    // Moving into a lane whose tag it already has does not repeat it.
    expect(tagsAfterMove([lanes[0]!, lanes[1]!], lanes, 20, lanes[0]!)).toEqual([lanes[0]]);
    expect(tagsAfterMove([lanes[0]!, vip, lanes[1]!], lanes, 20, null)).toEqual([vip]);
  });

  it('follows tag changes made elsewhere: a lane tag newly put on holds the card', () => {
    const inLane = card(1, [lanes[0]!], undefined, 10);
    expect(laneAfterSync(inLane, [lanes[0]!, lanes[1]!], lanes)).toBe(20);
    expect(laneAfterSync(inLane, [lanes[0]!, vip], lanes)).toBe(10);
    expect(setCardTags([inLane], 1, [vip])[0]).toMatchObject({ tags: [vip], laneId: 10 });
    expect(laneOf(setCardTags([inLane], 1, [vip])[0]!, lanes)).toBe(0);
  });

  it('keeps a known card’s tags when a ticket event (which has none) refreshes it', () => {
    const event = { ...card(1, []), lastMessage: 'nova', tags: undefined } as unknown as Ticket;
    const cards = upsertCard([card(1, [lanes[0]!])], event);
    expect(cards[0]).toMatchObject({ lastMessage: 'nova', tags: [lanes[0]] });
    expect(upsertCard([], event)[0]!.tags).toEqual([]);
  });

  it('asks for the user’s queues, nothing for those who see every ticket', () => {
    expect(boardQueueIds(user)).toEqual([1, 2]);
    expect(boardQueueIds(admin)).toBeUndefined();
  });

  it('keeps on the board what the server would list', () => {
    const ticket = (over: Partial<Ticket>) => ({ status: 'open', queueId: 1, userId: 7, ...over }) as Ticket;
    expect(onBoard(ticket({ status: 'closed' }), admin)).toBe(false);
    expect(onBoard(ticket({ queueId: null, userId: null }), admin)).toBe(true);
    expect(onBoard(ticket({}), user)).toBe(true);
    expect(onBoard(ticket({ queueId: 3 }), user)).toBe(false);
    expect(onBoard(ticket({ queueId: null }), user)).toBe(false);
    // Another attendant's conversation: users see only the waiting ones of their queues, supervisors all of them.
    expect(onBoard(ticket({ userId: 8 }), user)).toBe(false);
    expect(onBoard(ticket({ userId: 8, status: 'pending' }), user)).toBe(true);
    expect(onBoard(ticket({ userId: 8 }), supervisor)).toBe(true);
  });
});
