import { Module } from '@nestjs/common';
import { AiChatClient } from './ai-chat.client.js';
import { DialogflowClient } from './dialogflow.client.js';
import { OutboundUrlPolicy } from './outbound-url-policy.js';
import { SpeechClient } from './speech.client.js';
import { TypebotClient } from './typebot.client.js';
import { WebhookClient } from './webhook.client.js';

const CLIENTS = [OutboundUrlPolicy, AiChatClient, TypebotClient, WebhookClient, DialogflowClient, SpeechClient];

/** The outbound calls of the bot and of the integration test endpoint. Config comes from the global APP_CONFIG. */
@Module({ providers: CLIENTS, exports: CLIENTS })
export class AutomationClientsModule {}
