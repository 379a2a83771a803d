import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import type { MessageStoredEvent } from '../../shared/domain-events.js';
import { MediaLinks } from '../../infra/storage/media-links.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { TicketLifecycle } from '../tickets/ticket-lifecycle.js';
import { INVALID_OPTION, optionsMenu, queueMenu } from './bot-texts.js';
import { type BotConnection, type BotQueue, BotRepository, type BotTicket } from './bot.repository.js';
import { BotSpeaker, type Conversation } from './bot-speaker.js';
import { isWithinBusinessHours } from './business-hours.js';
import { RatingFlow } from './rating-flow.js';
import { AiPromptRunner } from './runners/ai-prompt.runner.js';
import { IntegrationRunner } from './runners/integration.runner.js';
import { BotTimers } from './timers/bot-timers.js';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';

const OUT_OF_HOURS_EVERY_MS = 30 * 60 * 1000;
const SAME_MENU_EVERY_MS = 60 * 1000;

interface Turn {
  event: MessageStoredEvent;
  ticket: BotTicket;
  connection: BotConnection;
  conversation: Conversation;
  body: string;
  scheduleType: string | null;
}

/**
 * The bot for unassigned inbound tickets, in the order of server-behaviour §5: rating answer, business hours,
 * connection prompt, queue choice, option tree, queue integration or prompt. It runs in the connection's lane after
 * the message is stored, and steps back as soon as a human accepts or writes (the ticket has a user, or bots off).
 */
@Injectable()
export class BotService {
  private readonly logger = new Logger('BotService');

  constructor(
    private readonly repository: BotRepository,
    private readonly speaker: BotSpeaker,
    private readonly settings: CompanySettingsCache,
    private readonly lifecycle: TicketLifecycle,
    private readonly rating: RatingFlow,
    private readonly prompts: AiPromptRunner,
    private readonly integrations: IntegrationRunner,
    private readonly timers: BotTimers,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly mediaLinks: MediaLinks,
    private readonly campaignSettings: CampaignSettingsService,
  ) {}

  /** Each customer message (not in groups), inside its connection's lane. */
  @OnDomainEvent('message.stored')
  async handle(incoming: MessageStoredEvent): Promise<void> {
    if (incoming.origin !== 'customer' || incoming.isGroup) return;
    let event = incoming;
    const { companyId, connectionId: whatsappId } = event;
    // Tickets people handle are not the bot's business, unless they wait for a rating answer: no query at all.
    const row = event.ticket;
    if ((row.userId !== null || row.status !== 'pending') && !row.ratingPending) return;
    // An opt-out keyword is the campaigns' business (they acknowledge it): no menu for it.
    if (await this.campaignSettings.optOutKeyword(companyId, event.message.body)) return;
    let context = await this.repository.turn(companyId, event.ticket.id, whatsappId);
    if (!context) return;
    if (context.ticket.rating_requested_at) {
      const restarted = await this.rating.answer(event, context.ticket.rating_reminded);
      if (!restarted) return;
      event = { ...event, ticket: { id: restarted.id, status: restarted.status, userId: restarted.user_id, ratingPending: false }, ticketCreated: true };
      context = await this.repository.turn(companyId, restarted.id, whatsappId);
      if (!context) return;
    }
    const { ticket, connection, queues } = context;
    if (ticket.user_id !== null || ticket.status !== 'pending') return;
    // The transfer clock starts with the ticket (and again when # takes it back to no queue).
    if (ticket.queue_id === null && event.ticketCreated) await this.timers.ticketWaiting(companyId, ticket.id, new Date(ticket.created_at), connection);

    const turn: Turn = {
      event,
      ticket,
      connection,
      conversation: {
        companyId,
        whatsappId,
        ticketId: ticket.id,
        contactName: ticket.contact_name,
        contactNumber: ticket.contact_number,
        remoteJid: event.message.remoteJid,
        protocol: ticket.protocol,
        timeZone: connection.timezone,
      },
      body: event.message.body.trim(),
      scheduleType: await this.settings.get(companyId, 'scheduleType'),
    };
    if (turn.scheduleType === 'company' && !isWithinBusinessHours(connection.company_schedules, new Date(), connection.timezone)) {
      await this.outOfHours(turn, connection.out_of_hours_message);
      return;
    }
    if (turn.body === '#' && queues.length > 1) {
      await this.lifecycle.botStep(companyId, ticket.id, {
        queueId: null,
        optionId: null,
        useIntegration: false,
        integrationId: null,
        promptId: null,
        typebotSessionId: null,
      });
      if (ticket.queue_id !== null) await this.timers.ticketWaiting(companyId, ticket.id, new Date(ticket.created_at), connection);
      await this.sendQueueMenu(turn, queues, false);
      return;
    }
    if (turn.body === '#' && queues.length === 1 && ticket.queue_id !== null && ticket.chatbot) {
      // One queue: the "initial menu" is the first level of its option tree.
      const queue = queues[0]!;
      await this.lifecycle.botStep(companyId, ticket.id, { optionId: null, chatbot: true });
      await this.say(turn, optionsMenu(queue.greeting_message, await this.repository.options(companyId, queue.id, null), false));
      return;
    }
    if (ticket.queue_id === null) {
      if (connection.prompt_id && connection.use_open_ai && (await this.prompts.reply(turn.conversation, connection.prompt_id))) return;
      await this.chooseQueue(turn, queues);
      return;
    }
    const queue = queues.find((q) => q.id === ticket.queue_id) ?? (await this.repository.queue(companyId, ticket.queue_id));
    if (!queue) return;
    if (turn.scheduleType === 'queue' && !isWithinBusinessHours(queue.schedules, new Date(), connection.timezone)) {
      await this.outOfHours(turn, queue.out_of_hours_message);
      return;
    }
    if (ticket.chatbot) await this.walkOptions(turn, queue);
    else await this.automate(turn, queue);
  }

  private async chooseQueue(turn: Turn, queues: BotQueue[]): Promise<void> {
    const { companyId } = turn.conversation;
    if (!queues.length) return;
    if (queues.length === 1) {
      const greet = (await this.settings.get(companyId, 'sendGreetingMessageOneQueues')) === 'enabled';
      await this.enterQueue(turn, queues[0]!, greet, true);
      return;
    }
    const chosen = turn.ticket.chatbot && /^\d+$/.test(turn.body) ? queues[Number(turn.body) - 1] : undefined;
    if (chosen) {
      await this.enterQueue(turn, chosen, true, false);
      return;
    }
    if (!(await this.mayOfferMenu(turn))) return; // enough menus: a human takes it from here
    await this.sendQueueMenu(turn, queues, turn.ticket.chatbot);
  }

  /** maxUseBotQueues menus per ticket; after timeUseBotQueues minutes since the last one the count starts again. */
  private async mayOfferMenu(turn: Turn): Promise<boolean> {
    const { max_use_bot_queues: max, time_use_bot_queues: pause } = turn.connection;
    if (max <= 0 || turn.ticket.amount_used_bot_queues < max) return true;
    const last = turn.ticket.bot_menu_at ? new Date(turn.ticket.bot_menu_at).getTime() : 0;
    if (pause <= 0 || Date.now() - last < pause * this.timers.minuteMs) return false;
    await this.lifecycle.botStep(turn.conversation.companyId, turn.ticket.id, { menusReset: true });
    return true;
  }

  /**
   * Into a queue: its option menu, else its greeting (with attachment), then its integration or prompt. A message that
   * only picked the queue from the menu is not forwarded; the first message of a single-queue number is.
   */
  private async enterQueue(turn: Turn, queue: BotQueue, greet: boolean, forward: boolean): Promise<void> {
    const { companyId } = turn.conversation;
    const options = await this.repository.options(companyId, queue.id, null);
    const previousQueueId = turn.ticket.queue_id;
    await this.lifecycle.enterQueueByBot(companyId, turn.ticket.id, queue.id, options.length > 0, { status: turn.ticket.status, queueId: previousQueueId });
    if (turn.scheduleType === 'queue' && !isWithinBusinessHours(queue.schedules, new Date(), turn.connection.timezone)) {
      await this.outOfHours(turn, queue.out_of_hours_message);
      return;
    }
    if (options.length) {
      await this.say(turn, optionsMenu(greet ? queue.greeting_message : null, options, false));
      return;
    }
    if (greet) {
      await this.say(turn, queue.greeting_message);
      if (queue.media_path) await this.speaker.stored(turn.conversation, queue.media_path, queue.media_name);
    }
    if (forward || queue.integration_id || queue.prompt_id)
      await this.automate({ ...turn, ticket: { ...turn.ticket, queue_id: queue.id, chatbot: false } }, queue, forward);
  }

  /** Step 6/7: the queue's integration, else its prompt. Without either the ticket waits for a person. */
  private async automate(turn: Turn, queue: BotQueue, forward = true): Promise<void> {
    const { companyId } = turn.conversation;
    const integrationId = turn.ticket.use_integration && turn.ticket.integration_id ? turn.ticket.integration_id : queue.integration_id;
    // A plan without the module keeps its configuration but not the automation (the pages are gated the same way).
    if (integrationId && turn.connection.use_integrations) {
      if (!turn.ticket.use_integration) await this.lifecycle.botStep(companyId, turn.ticket.id, { useIntegration: true, integrationId });
      // A Typebot flow starts on entering the queue; other services only hear real messages.
      if (!forward && queue.integration_type !== 'typebot') return;
      const stored = turn.event.message;
      await this.integrations.run(integrationId, {
        conversation: turn.conversation,
        ticket: turn.ticket,
        connectionName: turn.connection.name,
        queueId: queue.id,
        message: {
          id: stored.id,
          body: forward ? turn.body : '',
          mediaType: stored.mediaType,
          // A signed link that expires: the integration never holds a permanent address of the file.
          mediaUrl: stored.mediaPath ? this.mediaLinks.url(stored.mediaPath) : null,
          createdAt: stored.createdAt,
        },
        minuteMs: this.timers.minuteMs,
      });
      return;
    }
    if (queue.prompt_id && forward && turn.connection.use_open_ai) await this.prompts.reply(turn.conversation, queue.prompt_id);
  }

  private async walkOptions(turn: Turn, queue: BotQueue): Promise<void> {
    const { companyId } = turn.conversation;
    const current = turn.ticket.queue_option_id;
    if (turn.body === '0' && current) {
      const node = await this.repository.option(companyId, current);
      const parentId = node?.parent_id ?? null;
      await this.lifecycle.botStep(companyId, turn.ticket.id, { optionId: parentId });
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
      await this.lifecycle.botStep(companyId, turn.ticket.id, { optionId: picked.id });
      await this.say(turn, optionsMenu(picked.message, await this.repository.options(companyId, queue.id, picked.id), true));
      return;
    }
    // A leaf answers (text and attachment) and hands the customer to the queue's attendants.
    await this.lifecycle.botStep(companyId, turn.ticket.id, { optionId: null, chatbot: false });
    await this.say(turn, picked.message);
    if (picked.media_path) await this.speaker.stored(turn.conversation, picked.media_path, picked.media_name);
  }

  private async sendQueueMenu(turn: Turn, queues: BotQueue[], invalid: boolean): Promise<void> {
    const { companyId } = turn.conversation;
    const fresh = await this.once(`bot:menu:${turn.ticket.id}`, SAME_MENU_EVERY_MS);
    if (!fresh && invalid) {
      await this.say(turn, INVALID_OPTION);
      return;
    }
    const menu = queueMenu(turn.connection.greeting_message, queues);
    await this.lifecycle.botStep(companyId, turn.ticket.id, { chatbot: true, menuSent: true });
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

  private async say(turn: Turn, text: string | null): Promise<void> {
    try {
      await this.speaker.text(turn.conversation, text);
    } catch (error) {
      this.logger.warn(`ticket ${turn.ticket.id}: bot message not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
