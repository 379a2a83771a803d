import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { type StoredCustomerMessage, InboundPipeline } from '../messages/inbound-pipeline.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { TicketsEvents } from '../tickets/tickets.events.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { toTicketResponseFromRow } from '../tickets/ticket-row.mapper.js';
import { INVALID_OPTION, optionsMenu, queueMenu } from './bot-texts.js';
import { type BotConnection, type BotQueue, BotRepository, type BotTicket } from './bot.repository.js';
import { isWithinBusinessHours } from './business-hours.js';

const OUT_OF_HOURS_EVERY_MS = 30 * 60 * 1000;
const SAME_MENU_EVERY_MS = 60 * 1000;

interface Turn {
  event: StoredCustomerMessage;
  ticket: BotTicket;
  connection: BotConnection;
  body: string;
}

/**
 * The bot for unassigned inbound tickets (server-behaviour §5): business hours, the queue menu and the queue's
 * option tree. It runs in the connection's lane after the message is stored, and steps back as soon as a human
 * accepts or writes (tickets then have a user, or chatbot off).
 */
@Injectable()
export class BotService implements OnModuleInit {
  constructor(
    private readonly pipeline: InboundPipeline,
    private readonly repository: BotRepository,
    private readonly outbound: OutboundMessages,
    private readonly settings: CompanySettingsCache,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketsEvents,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    this.pipeline.onCustomerMessage((event) => this.handle(event));
  }

  async handle(event: StoredCustomerMessage): Promise<void> {
    const { connection, ticket: row } = event;
    if (row.user_id !== null || row.status !== 'pending') return;
    const [ticket, settings] = await Promise.all([this.repository.ticket(connection.companyId, row.id), this.repository.connection(connection.companyId, connection.id)]);
    if (!ticket || !settings || ticket.user_id !== null || ticket.status !== 'pending') return;
    const turn: Turn = { event, ticket, connection: settings, body: event.message.body.trim() };
    const scheduleType = await this.settings.get(connection.companyId, 'scheduleType');
    if (scheduleType === 'company' && !isWithinBusinessHours(settings.company_schedules, new Date(), settings.timezone)) {
      await this.outOfHours(turn, settings.out_of_hours_message);
      return;
    }
    const queues = await this.repository.queues(connection.companyId, connection.id);
    if (turn.body === '#' && queues.length > 1) {
      await this.repository.update(connection.companyId, ticket.id, { queueId: null, optionId: null });
      await this.sendQueueMenu(turn, queues, false);
      return;
    }
    if (!ticket.queue_id) await this.chooseQueue(turn, queues, scheduleType);
    else await this.walkOptions(turn, queues.find((q) => q.id === ticket.queue_id) ?? null, scheduleType);
  }

  private async chooseQueue(turn: Turn, queues: BotQueue[], scheduleType: string | null): Promise<void> {
    const { companyId } = turn.event.connection;
    if (!queues.length) return;
    if (queues.length === 1) {
      const greet = (await this.settings.get(companyId, 'sendGreetingMessageOneQueues')) === 'enabled';
      await this.enterQueue(turn, queues[0]!, scheduleType, greet);
      return;
    }
    const chosen = turn.ticket.chatbot && /^\d+$/.test(turn.body) ? queues[Number(turn.body) - 1] : undefined;
    if (chosen) {
      await this.enterQueue(turn, chosen, scheduleType, true);
      return;
    }
    const max = turn.connection.max_use_bot_queues;
    if (max > 0 && turn.ticket.amount_used_bot_queues >= max) return; // enough menus: a human takes it from here
    await this.sendQueueMenu(turn, queues, turn.ticket.chatbot);
  }

  private async enterQueue(turn: Turn, queue: BotQueue, scheduleType: string | null, greet: boolean): Promise<void> {
    const { companyId } = turn.event.connection;
    const options = await this.repository.options(companyId, queue.id, null);
    await this.repository.update(companyId, turn.ticket.id, { queueId: queue.id, optionId: null, chatbot: options.length > 0 });
    await this.announceTicket(companyId, turn.ticket.id, turn.event.ticket.queue_id);
    if (scheduleType === 'queue' && !isWithinBusinessHours(queue.schedules, new Date(), turn.connection.timezone)) {
      await this.outOfHours(turn, queue.out_of_hours_message);
      return;
    }
    if (options.length) await this.say(turn, optionsMenu(greet ? queue.greeting_message : null, options, false));
    else if (greet && queue.greeting_message?.trim()) await this.say(turn, queue.greeting_message);
  }

  private async walkOptions(turn: Turn, queue: BotQueue | null, scheduleType: string | null): Promise<void> {
    const { companyId } = turn.event.connection;
    if (!queue) return;
    if (scheduleType === 'queue' && !isWithinBusinessHours(queue.schedules, new Date(), turn.connection.timezone)) {
      await this.outOfHours(turn, queue.out_of_hours_message);
      return;
    }
    if (!turn.ticket.chatbot) return;
    const current = turn.ticket.queue_option_id;
    if (turn.body === '0' && current) {
      const node = await this.repository.option(companyId, current);
      const parentId = node?.parent_id ?? null;
      await this.repository.update(companyId, turn.ticket.id, { optionId: parentId });
      const header = parentId ? ((await this.repository.option(companyId, parentId))?.message ?? null) : queue.greeting_message;
      await this.say(turn, optionsMenu(header, await this.repository.options(companyId, queue.id, parentId), parentId !== null));
      return;
    }
    const level = await this.repository.options(companyId, queue.id, current);
    const picked = /^\d+$/.test(turn.body) ? level.find((o) => o.option === Number(turn.body)) : undefined;
    if (!picked) {
      await this.say(turn, `${INVALID_OPTION}\n\n${optionsMenu(null, level, current !== null)}`);
      return;
    }
    if (picked.has_children) {
      await this.repository.update(companyId, turn.ticket.id, { optionId: picked.id });
      await this.say(turn, optionsMenu(picked.message, await this.repository.options(companyId, queue.id, picked.id), true));
      return;
    }
    // A leaf answers and hands the customer to the queue's attendants.
    await this.repository.update(companyId, turn.ticket.id, { optionId: null, chatbot: false });
    if (picked.message.trim()) await this.say(turn, picked.message);
  }

  private async sendQueueMenu(turn: Turn, queues: BotQueue[], invalid: boolean): Promise<void> {
    const { companyId } = turn.event.connection;
    const fresh = await this.once(`bot:menu:${turn.ticket.id}`, SAME_MENU_EVERY_MS);
    if (!fresh && invalid) {
      await this.say(turn, INVALID_OPTION);
      return;
    }
    const menu = queueMenu(turn.connection.greeting_message, queues);
    await this.repository.update(companyId, turn.ticket.id, { chatbot: true, menuSent: true });
    await this.say(turn, invalid ? `${INVALID_OPTION}\n\n${menu}` : menu);
  }

  private async outOfHours(turn: Turn, text: string | null): Promise<void> {
    if (!text?.trim()) return;
    if (await this.once(`bot:ooh:${turn.ticket.id}`, OUT_OF_HOURS_EVERY_MS)) await this.say(turn, text);
  }

  /** True the first time in the window (a Redis key, so it holds across processes and restarts). */
  private async once(key: string, windowMs: number): Promise<boolean> {
    return (await this.redis.set(key, '1', 'PX', windowMs, 'NX')) === 'OK';
  }

  private async say(turn: Turn, text: string): Promise<void> {
    const { connection, message, ticket } = turn.event;
    const rendered = renderTemplate(text, { name: turn.ticket.contact_name, protocol: turn.ticket.protocol, timeZone: turn.connection.timezone });
    await this.outbound.sendToTicket(
      connection.companyId,
      { whatsappId: connection.id, contactNumber: ticket.contact.number, isGroup: false, remoteJid: message.remoteJid },
      rendered,
    );
  }

  /** The lists hear about the queue the bot chose. */
  private async announceTicket(companyId: number, ticketId: number, previousQueueId: number | null): Promise<void> {
    const row = await this.tickets.row(companyId, { id: ticketId });
    if (row) this.ticketEvents.updated(companyId, { ...toTicketResponseFromRow(row) }, { status: row.status, queueId: previousQueueId });
  }
}
