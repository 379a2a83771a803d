import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { TicketLifecycle } from '../../tickets/ticket-lifecycle.js';
import { BotRepository, type BotTicket, type IntegrationRow } from '../bot.repository.js';
import { BotSpeaker, type Conversation } from '../bot-speaker.js';
import { DialogflowClient } from '../clients/dialogflow.client.js';
import { TypebotClient, type TypebotMessage, type TypebotReply } from '../clients/typebot.client.js';
import { type IntegrationEvent, WebhookClient } from '../clients/webhook.client.js';
import { parseControlReply } from './integration-control.js';

/** The customer message handed to an integration. */
export interface IntegrationInput {
  conversation: Conversation;
  ticket: BotTicket;
  connectionName: string;
  queueId: number | null;
  message: { id: number; body: string; mediaType: string; mediaUrl: string | null; createdAt: string };
  minuteMs: number;
}

const sameWord = (a: string, b: string | null): boolean => !!b?.trim() && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Queue integrations (server-behaviour §5.6): Typebot sessions, n8n/webhook events and Dialogflow intents. A failing
 * service is logged and the ticket stays waiting for a person; nothing here throws into the inbound lane.
 */
@Injectable()
export class IntegrationRunner implements OnApplicationShutdown {
  private readonly logger = new Logger('IntegrationRunner');
  private readonly deliveries = new Map<number, Promise<void>>();

  constructor(
    private readonly repository: BotRepository,
    private readonly speaker: BotSpeaker,
    private readonly lifecycle: TicketLifecycle,
    private readonly typebot: TypebotClient,
    private readonly webhook: WebhookClient,
    private readonly dialogflow: DialogflowClient,
  ) {}

  /** True when the integration took the message (answered or handed over). */
  async run(integrationId: number, input: IntegrationInput): Promise<boolean> {
    const { companyId, ticketId } = input.conversation;
    const integration = await this.repository.integration(companyId, integrationId);
    if (!integration) return false;
    try {
      if (integration.type === 'typebot') return await this.runTypebot(integration, input);
      if (integration.type === 'dialogflow') return await this.runDialogflow(integration, input);
      return await this.runWebhook(integration, input);
    } catch (error) {
      this.logger.error(`ticket ${ticketId}, integration ${integration.name}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async runWebhook(integration: IntegrationRow, input: IntegrationInput): Promise<boolean> {
    if (!integration.url_n8n) return false;
    const { conversation, ticket } = input;
    const event: IntegrationEvent = {
      event: 'message.received',
      company: { id: conversation.companyId },
      connection: { id: conversation.whatsappId, name: input.connectionName },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: input.queueId, protocol: ticket.protocol },
      contact: { id: ticket.contact_id, name: ticket.contact_name, number: ticket.contact_number },
      message: { ...input.message, fromMe: false },
    };
    const replies = await this.webhook.deliver(integration.url_n8n, event);
    for (const reply of replies) await this.speaker.text(conversation, reply);
    return replies.length > 0;
  }

  private async runDialogflow(integration: IntegrationRow, input: IntegrationInput): Promise<boolean> {
    if (!integration.json_content || !input.message.body.trim()) return false;
    const answer = await this.dialogflow.detectIntent({
      jsonContent: integration.json_content,
      projectName: integration.project_name,
      language: integration.language ?? 'pt-BR',
      sessionId: `ticket-${input.ticket.id}`,
      text: input.message.body,
    });
    for (const text of answer.texts) await this.speaker.text(input.conversation, text);
    if (answer.endConversation) await this.handOver(input, { queueId: input.queueId, userId: null, stopBot: true });
    return answer.texts.length > 0 || answer.endConversation;
  }

  private async runTypebot(integration: IntegrationRow, input: IntegrationInput): Promise<boolean> {
    const { conversation, ticket } = input;
    // A customer who answers while the previous bubbles are still going out is heard after them.
    await this.deliveries.get(ticket.id);
    const baseUrl = integration.url_n8n;
    const slug = integration.typebot_slug;
    if (!baseUrl || !slug) return false;
    const body = input.message.body;
    if (sameWord(body, integration.typebot_keyword_finish)) {
      await this.handOver(input, { queueId: input.queueId, userId: null, stopBot: true });
      return true;
    }
    if (sameWord(body, integration.typebot_keyword_restart)) {
      await this.lifecycle.botStep(conversation.companyId, ticket.id, { typebotSessionId: null });
      await this.speaker.text(conversation, integration.typebot_restart_message);
      return true;
    }
    const expired =
      integration.typebot_expires > 0 &&
      ticket.typebot_session_at !== null &&
      Date.now() - new Date(ticket.typebot_session_at).getTime() > integration.typebot_expires * input.minuteMs;
    const reply: TypebotReply =
      ticket.typebot_session_id && !expired
        ? await this.typebot.continueChat({ baseUrl, sessionId: ticket.typebot_session_id, message: body })
        : await this.typebot.startChat({
            baseUrl,
            slug,
            variables: { number: ticket.contact_number, pushName: ticket.contact_name, ticketId: String(ticket.id), protocol: ticket.protocol },
          });
    // An ended flow starts over with the next message.
    await this.lifecycle.botStep(conversation.companyId, ticket.id, { typebotSessionId: reply.ended ? null : reply.sessionId });
    if (!reply.messages.length) {
      await this.speaker.text(conversation, integration.typebot_unknown_message);
      return !!integration.typebot_unknown_message?.trim();
    }
    const delivery = this.deliverBubbles(integration.typebot_delay_message, reply.messages, input);
    if (integration.typebot_delay_message > 0 && reply.messages.length > 1) {
      // The pauses between bubbles must not hold up the other customers of this number: deliver beside the lane.
      const running = delivery
        .catch((error: unknown) => this.logger.error(`ticket ${ticket.id}: Typebot bubbles: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          if (this.deliveries.get(ticket.id) === running) this.deliveries.delete(ticket.id);
        });
      this.deliveries.set(ticket.id, running);
    } else {
      await delivery;
    }
    return true;
  }

  private async deliverBubbles(delayMs: number, messages: TypebotMessage[], input: IntegrationInput): Promise<void> {
    for (const [index, message] of messages.entries()) {
      if (index > 0 && delayMs > 0) await sleep(delayMs);
      if (message.kind === 'media') {
        await this.speaker.remote(input.conversation, message.url);
        continue;
      }
      const control = parseControlReply(message.text);
      if (control) {
        await this.handOver(input, control);
        return;
      }
      await this.speaker.text(input.conversation, message.text);
    }
  }

  /** Waits for bubbles still being delivered (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.deliveries.size) await Promise.all(this.deliveries.values());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain();
  }

  /** Moves the ticket as the integration asked; ids that are not this company's are ignored. */
  private async handOver(input: IntegrationInput, control: { queueId: number | null; userId: number | null; stopBot: boolean }): Promise<void> {
    const { companyId, ticketId } = input.conversation;
    const queueId = control.queueId && (await this.repository.queueExists(companyId, control.queueId)) ? control.queueId : null;
    const userId = control.userId && (await this.repository.userExists(companyId, control.userId)) ? control.userId : null;
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (ticket) await this.lifecycle.handOver(companyId, ticket, { queueId, userId });
  }
}
