import { Injectable, Logger } from '@nestjs/common';
import type { ChannelSession, ConnectionRef, InboundCall, InboundMessage } from '../../channels/channel-provider.js';
import type { InboundSink, RecordedPage, RecordOnlyEvent } from '../../channels/inbound-sink.js';
import { jidFor } from '../../channels/numbers.js';
import { DomainEvents } from '../../infra/events/domain-events.js';
import { ingestMetrics } from '../../infra/metrics/instruments.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { type InboxEvent, type RecordedMedia, recordMessage, restoreMessage, withoutNul } from './inbox-event.js';
import { InboundInboxRepository, type InboxRow } from './inbound-inbox.repository.js';
import { InboundLanes } from './inbound-lanes.js';
import { type InboundWrite, InboundRepository, type UpdatedMessageRow } from './inbound.repository.js';
import { MessageEvents } from './message-events.js';
import { messageStoredEvent } from './message-stored.event.js';

const DAY_MS = 24 * 3600 * 1000;
/** Recorded events replayed per page after a restart. */
const REPLAY_PAGE = 500;

type ReadyMessage = ReturnType<typeof restoreMessage>;

/** A provider's receipt level, kept to the range the messages table stores (0–5). */
const ackLevel = (ack: number): number => Math.max(0, Math.min(5, Math.trunc(ack)));

interface PendingAcks {
  receipts: Array<Promise<{ id: string; event: InboxEvent }>>;
  /** The barrier its task follows: a receipt arriving after a later barrier (a replay) starts a batch of its own. */
  epoch: number;
}

export const CALLS_DISABLED_REPLY =
  '*Mensagem automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado!';

/**
 * Provider events become contacts, tickets and messages (server-behaviour §3). Each conversation has one ordered
 * lane; conversations and connections run in parallel (inbound-lanes.ts says what waits for what).
 */
@Injectable()
export class InboundPipeline implements InboundSink {
  private readonly logger = new Logger('InboundPipeline');
  private readonly lanes = new InboundLanes((connectionId, error) =>
    this.logger.error(`connection ${connectionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  );
  /** Per connection, the batch of receipts whose lane task has not closed it yet. */
  private readonly openAcks = new Map<number, PendingAcks>();
  private readonly pictureFetches = new Set<number>();

  constructor(
    private readonly repository: InboundRepository,
    private readonly storage: StoragePort,
    private readonly settings: CompanySettingsCache,
    private readonly events: MessageEvents,
    private readonly domainEvents: DomainEvents,
    private readonly inbox: InboundInboxRepository,
  ) {}

  connectionsWithPending(): Promise<Array<{ company_id: number; whatsapp_id: number }>> {
    return this.inbox.connectionsWithPending();
  }

  /** Resolves when every lane is empty (shutdown, tests, benchmarks). */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  /**
   * Records a provider event durably and queues it on its connection's lane. The returned promise resolves once the
   * event is committed to the inbox, which is the moment it may be acknowledged; processing follows on the lane.
   */
  message(connection: ConnectionRef, message: InboundMessage, session?: ChannelSession): Promise<void> {
    const recorded = this.prepareMedia(connection.companyId, connection.id, message).then((media) =>
      this.record(connection, { kind: 'message', message: recordMessage(message, media) }),
    );
    return this.process(connection, recorded, session, message.remoteJid);
  }

  /**
   * Receipts are recorded one by one (each is acknowledged once committed) and applied in batches: receipts arriving
   * before the batch's task starts join it, so a burst of sent/delivered/read receipts costs one UPDATE and one live
   * event per message. The batch runs after everything queued before it closed (the messages it names are stored).
   */
  ack(connection: ConnectionRef, providerId: string, ack: number): Promise<void> {
    const recorded = this.record(connection, { kind: 'ack', providerId, ack });
    recorded.catch(() => undefined);
    const open = this.openAcks.get(connection.id);
    if (open && open.epoch === this.lanes.epoch(connection.id)) open.receipts.push(recorded);
    else {
      const batch: PendingAcks = { receipts: [recorded], epoch: 0 };
      this.openAcks.set(connection.id, batch);
      void this.lanes.trailing(connection.id, async (waitForEarlier) => {
        if (this.openAcks.get(connection.id) === batch) this.openAcks.delete(connection.id);
        await waitForEarlier();
        await this.applyAcks(connection, batch.receipts);
      });
      batch.epoch = this.lanes.epoch(connection.id);
    }
    return recorded.then(() => undefined);
  }

  edit(connection: ConnectionRef, providerId: string, body: string, editedAt: Date): Promise<void> {
    return this.process(connection, this.record(connection, { kind: 'edit', providerId, body, editedAt: editedAt.toISOString() }));
  }

  revoke(connection: ConnectionRef, providerId: string): Promise<void> {
    return this.process(connection, this.record(connection, { kind: 'revoke', providerId }));
  }

  call(connection: ConnectionRef, call: InboundCall, session: ChannelSession): Promise<void> {
    const recorded = this.record(connection, { kind: 'call', call: { ...call, timestamp: call.timestamp.toISOString() } });
    return this.process(connection, recorded, session, jidFor(call.from, call.isGroup));
  }

  /**
   * Processes, on the connection's lane and ahead of anything queued later, the events another process recorded but
   * did not finish (a crash, a kill), in arrival order. `ready` (the session being up, so the bot can answer) is
   * awaited first, only when there is something to replay. Processing is idempotent: an event finished just before
   * the crash is a no-op. Resolves when the replay is done.
   */
  replay(connection: ConnectionRef, session?: ChannelSession, ready?: () => Promise<void>): Promise<void> {
    return this.lanes.barrier(connection.id, async () => {
      if (!(await this.inbox.hasPending(connection.companyId, connection.id))) return;
      if (ready) await ready();
      let total = 0;
      let afterSeq = '0';
      for (;;) {
        // Page by page, so a long backlog never sits in memory at once.
        const rows = await this.inbox.pending(connection.companyId, connection.id, afterSeq, REPLAY_PAGE);
        for (const row of rows) {
          if (this.inbox.ownedHere(row.id)) continue;
          await this.apply(connection, row.event, session).catch((error: unknown) =>
            this.logger.error(`replay of ${row.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
          );
          this.inbox.done(connection.companyId, row.id);
          total += 1;
          ingestMetrics.replayed.inc();
        }
        if (rows.length < REPLAY_PAGE) break;
        afterSeq = rows[rows.length - 1]!.seq;
      }
      if (total) this.logger.log(`connection ${connection.id}: replayed ${total} recorded event(s)`);
    });
  }

  /**
   * A connection drained by one process (InboxDrainers, the Cloud API's webhooks): the events are recorded where they
   * arrived (media stored first, as for `message`), in the order given (appends of one tick share one INSERT), and
   * processed by whichever process drains the connection.
   */
  async recordOnly(connection: ConnectionRef, events: RecordOnlyEvent[]): Promise<void> {
    const { companyId, id } = connection;
    const ready = await Promise.all(
      events.map(
        async (event): Promise<InboxEvent> =>
          event.kind === 'message'
            ? { kind: 'message', message: recordMessage(event.message, await this.prepareMedia(companyId, id, event.message)) }
            : { kind: 'ack', providerId: event.providerId, ack: event.ack },
      ),
    );
    await Promise.all(ready.map((event) => this.inbox.append(companyId, id, withoutNul(event), false)));
  }

  /**
   * One page of a drained connection's recorded rows, queued in seq order on the same lanes as live events
   * (conversations in parallel, each in order; receipts batched behind the messages before them).
   */
  async queueRecorded(connection: ConnectionRef, page: Parameters<InboundSink['queueRecorded']>[1]): Promise<RecordedPage> {
    const rows = await this.inbox.unqueued(connection.companyId, connection.id, page.queued, page.limit);
    const acks: InboxRow[] = [];
    const queued: string[] = [];
    for (const row of rows) {
      if (!page.fenced()) break;
      queued.push(row.id);
      if (row.event.kind === 'ack') acks.push(row);
      else this.queueDrained(connection, row, page);
    }
    if (acks.length)
      void this.lanes.trailing(connection.id, async (waitForEarlier) => {
        await waitForEarlier();
        try {
          if (page.fenced())
            await this.applyAcks(
              connection,
              acks.map((row) => Promise.resolve(row)),
            );
        } finally {
          for (const row of acks) page.processed(row.id);
        }
      });
    return { queued, full: rows.length === page.limit };
  }

  /** A drained row's lane slot; the fence is checked again when its turn comes (the lease may have moved). */
  private queueDrained(connection: ConnectionRef, row: InboxRow, page: Parameters<InboundSink['queueRecorded']>[1]): void {
    const work = async () => {
      try {
        if (!page.fenced()) return;
        await this.apply(connection, row.event, page.session);
        this.inbox.done(connection.companyId, row.id);
      } finally {
        page.processed(row.id);
      }
    };
    const { event } = row;
    const chat = event.kind === 'message' ? event.message.remoteJid : event.kind === 'call' ? jidFor(event.call.from, event.call.isGroup) : undefined;
    if (chat !== undefined) void this.lanes.chat(connection.id, chat, work);
    else
      void this.lanes.trailing(connection.id, async (waitForEarlier) => {
        await waitForEarlier();
        await work();
      });
  }

  private record(connection: ConnectionRef, event: InboxEvent): Promise<{ id: string; event: InboxEvent }> {
    const clean = withoutNul(event);
    return this.inbox.append(connection.companyId, connection.id, clean).then((id) => ({ id, event: clean }));
  }

  /**
   * The lane slot is taken now (keeping arrival order): a message or a call on its conversation's lane, an edit or a
   * revoke after everything queued before it. Its work waits for the event to be recorded.
   */
  private process(connection: ConnectionRef, recorded: Promise<{ id: string; event: InboxEvent }>, session?: ChannelSession, chat?: string): Promise<void> {
    // A failed record has already been reported to the caller, who did not get an acknowledgement.
    recorded.catch(() => undefined);
    const work = async () => {
      const { id, event } = await recorded;
      await this.apply(connection, event, session);
      this.inbox.done(connection.companyId, id);
    };
    if (chat !== undefined) void this.lanes.chat(connection.id, chat, work);
    else
      void this.lanes.trailing(connection.id, async (waitForEarlier) => {
        await waitForEarlier();
        await work();
      });
    return recorded.then(() => undefined);
  }

  private async apply(connection: ConnectionRef, event: InboxEvent, session?: ChannelSession): Promise<void> {
    const { companyId } = connection;
    switch (event.kind) {
      case 'message':
        await this.storeMessage(connection, restoreMessage(event.message), session);
        return;
      case 'ack': {
        const rows = await this.repository.raiseAcks(companyId, connection.id, new Map([[event.providerId, ackLevel(event.ack)]]));
        for (const row of rows) this.events.messageUpdated(companyId, row);
        return;
      }
      case 'edit': {
        const row = await this.repository.applyEdit(companyId, connection.id, event.providerId, event.body, new Date(event.editedAt));
        if (row) await this.changed(companyId, row);
        return;
      }
      case 'revoke': {
        const row = await this.repository.markDeleted(companyId, connection.id, event.providerId);
        if (row) await this.changed(companyId, row);
        return;
      }
      case 'call':
        await this.storeCall(connection, { ...event.call, timestamp: new Date(event.call.timestamp) }, session);
    }
  }

  /** One batch of receipts: the highest of each message in one statement, one live event per message that changed. */
  private async applyAcks(connection: ConnectionRef, receipts: Array<Promise<{ id: string; event: InboxEvent }>>): Promise<void> {
    const recorded = (await Promise.allSettled(receipts)).flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value] : []));
    const highest = new Map<string, number>();
    for (const { event } of recorded) {
      if (event.kind !== 'ack') continue;
      const ack = ackLevel(event.ack);
      highest.set(event.providerId, Math.max(highest.get(event.providerId) ?? 0, ack));
    }
    const rows = await this.repository.raiseAcks(connection.companyId, connection.id, highest);
    for (const row of rows) this.events.messageUpdated(connection.companyId, row);
    for (const { id } of recorded) this.inbox.done(connection.companyId, id);
  }

  /** An edited or revoked message; when it is its ticket's last one, the ticket's preview follows. */
  private async changed(companyId: number, row: UpdatedMessageRow): Promise<void> {
    this.events.messageUpdated(companyId, row);
    if (await this.repository.refreshTicketPreview(companyId, row)) await this.events.ticketChanged(companyId, row.ticket_id);
  }

  /** Calls land in the ticket as call_log; with the `call` setting disabled the caller is told to write instead. */
  private async storeCall(connection: ConnectionRef, call: InboundCall, session?: ChannelSession): Promise<void> {
    if (call.isGroup) return;
    const base = {
      contactNumber: call.from,
      pushName: null,
      isGroup: false,
      fromMe: false,
      timestamp: call.timestamp,
      remoteJid: jidFor(call.from),
      media: null,
    };
    const logged = await this.storeMessage(connection, {
      ...base,
      providerId: `call-${call.callId}`,
      mediaType: 'call_log',
      body: call.isVideo ? 'Chamada de vídeo recebida' : 'Chamada de voz recebida',
    });
    // A replayed call that was already logged was already answered.
    if (!logged || !session || (await this.settings.get(connection.companyId, 'call')) !== 'disabled') return;
    const id = session.newMessageId();
    await this.storeMessage(connection, { ...base, providerId: id, fromMe: true, mediaType: 'chat', body: CALLS_DISABLED_REPLY });
    await session.sendText(base.remoteJid, CALLS_DISABLED_REPLY, { id });
  }

  /** Answers whether the message was new (a replayed or repeated provider id is a no-op). */
  private async storeMessage(connection: ConnectionRef, message: ReadyMessage, session?: ChannelSession): Promise<boolean> {
    const { companyId } = connection;
    const media = message.media;
    if (message.isGroup && (await this.settings.get(companyId, 'CheckMsgIsGroup')) === 'enabled') {
      if (media?.path) await this.storage.remove(media.path);
      return false;
    }
    const write: InboundWrite = {
      companyId,
      whatsappId: connection.id,
      contactNumber: message.contactNumber,
      contactName: (message.isGroup ? message.groupName : message.pushName) ?? message.contactNumber,
      isGroup: message.isGroup,
      providerId: message.providerId,
      remoteJid: message.remoteJid,
      participant: message.participant ?? null,
      senderName: message.senderName ?? null,
      body: media && !media.path ? message.body || 'Arquivo não recebido' : message.body,
      fromMe: message.fromMe,
      mediaType: message.mediaType,
      mediaPath: media?.path ?? null,
      mediaName: media?.fileName?.slice(0, 255) ?? null,
      // A reaction points at the message it reacts to, so the conversation shows it there.
      quotedProviderId: message.quotedProviderId ?? message.reactionTo ?? null,
      sentAt: message.timestamp,
      countsUnread: !message.fromMe,
      seconds: message.mediaType === 'audio' ? (media?.seconds ?? null) : null,
    };
    const result = await this.repository.store(write);
    if (!result) {
      if (media?.path) await this.storage.remove(media.path);
      return false;
    }
    if (result.contactCreated) this.events.contactCreatedWith(companyId, result.ticket, new Date(result.message.created_at).toISOString());
    else if (result.contactRenamed) await this.events.contactChanged(companyId, result.contactId, 'update');
    await this.events.messageCreatedWith(companyId, result.message, result.ticket);
    if (session && !message.isGroup && !message.fromMe) this.refreshProfilePicture(companyId, result.ticket, message.remoteJid, session);
    // Listeners (the bot, the inactivity timer) run here, inside the connection's lane, before its next message.
    if (message.mediaType !== 'call_log')
      await this.domainEvents.publish('message.stored', messageStoredEvent(write, result, message.fromMe ? 'phone' : 'customer'));
    return true;
  }

  /** Profile pictures are fetched off the lane, at most once a day per contact. */
  private refreshProfilePicture(companyId: number, ticket: TicketRow, jid: string, session: ChannelSession): void {
    const checkedAt = ticket.contact.profile_pic_updated_at ? new Date(ticket.contact.profile_pic_updated_at).getTime() : 0;
    if (Date.now() - checkedAt < DAY_MS || this.pictureFetches.has(ticket.contact.id)) return;
    this.pictureFetches.add(ticket.contact.id);
    void session
      .profilePictureUrl(jid)
      .then(async (url) => {
        if ((await this.repository.setProfilePicture(companyId, ticket.contact.id, url)) && url)
          await this.events.contactChanged(companyId, ticket.contact.id, 'update');
      })
      .catch((error: unknown) => this.logger.warn(`profile picture of contact ${ticket.contact.id}: ${String(error)}`))
      .finally(() => this.pictureFetches.delete(ticket.contact.id));
  }

  /**
   * Media is fetched and stored before the event is recorded, so a replay never depends on the provider still
   * serving it. A repeated provider id skips the download; a failed download keeps the message without the file.
   */
  private async prepareMedia(companyId: number, connectionId: number, message: InboundMessage): Promise<RecordedMedia | null> {
    if (!message.media) return null;
    const media = { mimetype: message.media.mimetype, fileName: message.media.fileName ?? null, seconds: message.media.seconds ?? null };
    if (await this.repository.exists(companyId, connectionId, message.providerId)) return { ...media, path: null };
    try {
      const data = await message.media.download();
      const stored = await this.storage.save(companyId, data, message.media.mimetype);
      return { ...media, path: stored.path };
    } catch (error) {
      this.logger.warn(`media of ${message.providerId} not stored: ${error instanceof Error ? error.message : String(error)}`);
      return { ...media, path: null };
    }
  }
}
