import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AppError } from '../../common/errors/app-error.js';
import { DialogflowClient } from '../automation/clients/dialogflow.client.js';
import { TypebotClient } from '../automation/clients/typebot.client.js';
import { type IntegrationEvent, WebhookClient } from '../automation/clients/webhook.client.js';
import type { TestSessionDto } from './dto/test-session.dto.js';
import { integrationTestFailed } from './queue-integration-errors.js';
import { type IntegrationSettings, resolveIntegration } from './queue-integration-rules.js';

export interface IntegrationTestResult {
  ok: true;
  /** What the service answered: texts, and the URLs of media bubbles. */
  replies: string[];
}

/** The greeting a customer would most likely start with. */
const TEST_TEXT = 'Olá';

/** Tries a configuration against the real service before it is saved (POST /queueIntegration/testSession). */
@Injectable()
export class IntegrationTestService {
  constructor(
    private readonly dialogflow: DialogflowClient,
    private readonly typebot: TypebotClient,
    private readonly webhook: WebhookClient,
  ) {}

  async test(ctx: AuthContext, dto: TestSessionDto): Promise<IntegrationTestResult> {
    const settings = resolveIntegration({
      type: dto.type ?? 'dialogflow',
      name: dto.projectName ?? 'test',
      projectName: dto.projectName ?? null,
      jsonContent: dto.jsonContent ?? null,
      language: dto.language ?? null,
      urlN8N: dto.urlN8N ?? null,
      typebotSlug: dto.typebotSlug ?? null,
      typebotKeywordFinish: null,
      typebotKeywordRestart: null,
      typebotRestartMessage: null,
      typebotUnknownMessage: null,
    });
    try {
      return { ok: true, replies: await this.run(ctx, settings) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw integrationTestFailed(error);
    }
  }

  private async run(ctx: AuthContext, settings: IntegrationSettings): Promise<string[]> {
    switch (settings.type) {
      case 'dialogflow': {
        const answer = await this.dialogflow.detectIntent({
          jsonContent: settings.jsonContent!,
          projectName: settings.projectName,
          language: settings.language!,
          sessionId: `test-${randomUUID()}`.slice(0, 36),
          text: TEST_TEXT,
        });
        return answer.texts;
      }
      case 'typebot': {
        const reply = await this.typebot.startChat({
          baseUrl: settings.urlN8N!,
          slug: settings.typebotSlug!,
          variables: { number: '5500000000000', pushName: 'Teste', firstMessage: TEST_TEXT },
        });
        return reply.messages.map((message) => (message.kind === 'text' ? message.text : message.url));
      }
      default:
        return this.webhook.deliver(settings.urlN8N!, sampleEvent(ctx));
    }
  }
}

/** A made-up conversation, recognisable as a test by its zero ids. */
function sampleEvent(ctx: AuthContext): IntegrationEvent {
  return {
    event: 'message.received',
    company: { id: ctx.companyId },
    connection: { id: 0, name: 'Teste' },
    ticket: { id: 0, uuid: randomUUID(), status: 'pending', queueId: null, protocol: '0' },
    contact: { id: 0, name: 'Contato de teste', number: '5500000000000' },
    message: { id: 0, body: TEST_TEXT, mediaType: 'chat', mediaUrl: null, fromMe: false, createdAt: new Date().toISOString() },
  };
}
