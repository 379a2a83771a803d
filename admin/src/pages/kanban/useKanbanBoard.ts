import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { AppMessageEvent, ContactEvent, TagEvent, TagRef, Ticket, TicketEvent } from '../tickets/types';
import { type BoardViewer, boardQueueIds, laneAfterSync, laneOf, onBoard, setCardTags, tagsAfterMove, upsertCard } from './board';
import { type KanbanTicket, type Lane, OPEN_LANE_ID } from './types';

/** A ticket new to the board arrives without its tags: the cards are read again shortly after. */
const RELOAD_DELAY_MS = 400;

export interface KanbanBoard {
  /** The kanban tags, in lane order (lane 0 is not among them). */
  lanes: Lane[];
  cards: KanbanTicket[];
  loading: boolean;
  /** Moves a card to a lane (OPEN_LANE_ID: lane 0) at once; the server's refusal puts it back. */
  move(ticketId: number, laneId: number): void;
}

interface PendingMove {
  seq: number;
  tags: TagRef[];
  laneId: number;
}

/** The board's lanes and cards (GET /tags/kanban, GET /ticket/kanban), kept live from the tag and ticket events. */
export function useKanbanBoard(viewer: BoardViewer | undefined): KanbanBoard {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [lanes, setLanes] = useState<Lane[]>([]);
  const [cards, setCards] = useState<KanbanTicket[]>([]);
  const [loading, setLoading] = useState(true);
  const lanesRef = useRef(lanes);
  const cardsRef = useRef(cards);
  // Moves whose answer has not come yet: their optimistic tags win over reloads and other answers.
  const pending = useRef(new Map<number, PendingMove>());
  const seq = useRef(0);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queueKey = viewer ? JSON.stringify(boardQueueIds(viewer) ?? null) : undefined;

  useEffect(() => {
    lanesRef.current = lanes;
    cardsRef.current = cards;
  });

  const withPending = useCallback(
    (received: KanbanTicket[]) =>
      received.map((card) => {
        const move = pending.current.get(card.id);
        return move ? { ...card, tags: move.tags, laneId: move.laneId } : card;
      }),
    [],
  );

  const loadCards = useCallback(
    (queueIds: number[] | undefined) =>
      dataProvider.getKanbanCards(queueIds).then((received) => {
        setCards(withPending(received));
      }),
    [withPending, dataProvider.getKanbanCards],
  );

  const loadLanes = useCallback(
    () =>
      dataProvider.getKanbanLanes().then((tags) => {
        setLanes(tags.map(({ id, name, color }) => ({ id, name, color })));
      }),
    [dataProvider.getKanbanLanes],
  );

  useEffect(() => {
    if (queueKey === undefined) return;
    const queueIds = JSON.parse(queueKey) as number[] | null;
    let current = true;
    setLoading(true);
    Promise.all([loadLanes(), loadCards(queueIds ?? undefined)])
      .catch(() => current && notify('kanban.errors.load', { type: 'error' }))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [queueKey, loadLanes, loadCards, notify]);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const scheduleReload = useCallback(() => {
    if (queueKey === undefined) return;
    clearTimeout(reloadTimer.current);
    const queueIds = JSON.parse(queueKey) as number[] | null;
    reloadTimer.current = setTimeout(() => {
      loadCards(queueIds ?? undefined).catch(() => undefined);
    }, RELOAD_DELAY_MS);
  }, [queueKey, loadCards]);

  const applyTicket = useCallback(
    (ticket: Ticket) => {
      if (!viewer) return;
      if (!onBoard(ticket, viewer)) {
        setCards((previous) => previous.filter((card) => card.id !== ticket.id));
        return;
      }
      if (!cardsRef.current.some((card) => card.id === ticket.id)) scheduleReload();
      setCards((previous) => upsertCard(previous, ticket));
    },
    [viewer, scheduleReload],
  );

  const move = useCallback(
    (ticketId: number, laneId: number) => {
      const card = cardsRef.current.find((item) => item.id === ticketId);
      const target = laneId === OPEN_LANE_ID ? null : lanesRef.current.find((lane) => lane.id === laneId);
      if (!card || target === undefined || laneOf(card, lanesRef.current) === laneId) return;
      const from = laneOf(card, lanesRef.current);
      const previous = { tags: card.tags, laneId: card.laneId };
      const tags = tagsAfterMove(previous.tags, lanesRef.current, from, target);
      const mine = ++seq.current;
      pending.current.set(ticketId, { seq: mine, tags, laneId });
      setCards((current) => setCardTags(current, ticketId, tags, laneId));
      const isLatest = () => pending.current.get(ticketId)?.seq === mine;
      (target ? dataProvider.moveTicketToLane(ticketId, target.id) : dataProvider.removeTicketFromLanes(ticketId))
        .then((answer) => {
          if (isLatest()) setCards((current) => setCardTags(current, ticketId, answer.tags, answer.laneId));
          // The seed's toasts: a lane is a tag put on the ticket, back to "Em aberto" takes it off.
          notify(target ? 'tickets.tags.added' : 'tickets.tags.removed', { type: 'success' });
        })
        .catch(() => {
          if (isLatest()) setCards((current) => setCardTags(current, ticketId, previous.tags, previous.laneId ?? from));
          notify('kanban.errors.move', { type: 'error' });
        })
        .finally(() => {
          if (isLatest()) pending.current.delete(ticketId);
        });
    },
    [notify, dataProvider.removeTicketFromLanes, dataProvider.moveTicketToLane],
  );

  useCompanyTopic<TagEvent>('tag', (payload) => {
    if (payload.action === 'sync') {
      const ticketId = Number(payload.ticketId);
      // A move of ours in flight: its answer comes next and is the final word.
      if (pending.current.has(ticketId)) return;
      const card = cardsRef.current.find((item) => item.id === ticketId);
      if (!card) return;
      setCards((current) => setCardTags(current, ticketId, payload.tags, laneAfterSync(card, payload.tags, lanesRef.current)));
      // Which lane tag was put on last is the server's to say: the cards are read again shortly.
      scheduleReload();
      return;
    }
    // A tag was added, renamed, recoloured, switched in or out of the kanban or deleted: read the lanes again.
    loadLanes().catch(() => undefined);
    if (payload.action === 'delete') {
      const tagId = Number(payload.tagId);
      setCards((current) => current.map((card) => ({ ...card, tags: card.tags.filter((tag) => tag.id !== tagId) })));
    }
  });

  useCompanyTopic<TicketEvent>('ticket', (payload) => {
    if (payload.action === 'update' && payload.ticket) applyTicket(payload.ticket);
    else if (payload.action === 'delete') {
      const ticketId = Number(payload.ticketId);
      setCards((current) => current.filter((card) => card.id !== ticketId));
    }
  });

  useCompanyTopic<AppMessageEvent>('appMessage', (payload) => {
    if (payload.action !== 'create' || !payload.ticket) return;
    applyTicket({ ...payload.ticket, lastMessage: payload.ticket.lastMessage ?? payload.message.body });
  });

  useCompanyTopic<ContactEvent>('contact', (payload) => {
    const contact = payload.contact;
    if (payload.action !== 'update' || !contact) return;
    setCards((current) =>
      current.map((card) => (card.contactId === contact.id && card.contact ? { ...card, contact: { ...card.contact, ...contact } } : card)),
    );
  });

  return useMemo(() => ({ lanes, cards, loading, move }), [lanes, cards, loading, move]);
}
