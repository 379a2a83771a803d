import { Injectable, Logger } from '@nestjs/common';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import { mimetypeForPath } from '../../../infra/storage/media-types.js';
import { TicketLifecycle } from '../../tickets/ticket-lifecycle.js';
import { AiChatClient, type ChatTurn } from '../clients/ai-chat.client.js';
import { SpeechClient } from '../clients/speech.client.js';
import { BotSpeaker, type Conversation } from '../bot-speaker.js';
import { BotRepository, type HistoryRow, type PromptRow } from '../bot.repository.js';

/** A reply starting with this hands the ticket to the prompt's queue (server-behaviour §5.7). */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento';

/** The prompt answers in text unless it names a neural voice. */
const TEXT_VOICE = 'texto';

/** Tells the model how to ask for a person, so the transfer phrase is something it actually produces. */
const systemText = (prompt: string): string =>
  `${prompt.trim()}\n\nQuando o cliente pedir para falar com um atendente humano, ou quando você não souber ajudar, responda começando exatamente com "${TRANSFER_PHRASE}".`;

/**
 * AI prompt replies through an OpenAI-compatible chat API: the prompt as system text and the ticket's last
 * maxMessages messages in order. Failures are logged and leave the ticket waiting for a person.
 */
@Injectable()
export class AiPromptRunner {
  private readonly logger = new Logger('AiPromptRunner');

  constructor(
    private readonly repository: BotRepository,
    private readonly client: AiChatClient,
    private readonly speaker: BotSpeaker,
    private readonly storage: StoragePort,
    private readonly lifecycle: TicketLifecycle,
    private readonly speech: SpeechClient,
  ) {}

  /** True when the prompt answered or handed over; false when it could not (missing prompt, provider error). */
  async reply(conversation: Conversation, promptId: number): Promise<boolean> {
    const { companyId, ticketId } = conversation;
    const prompt = await this.repository.prompt(companyId, promptId);
    if (!prompt) return false;
    try {
      const history = await this.history(companyId, ticketId, prompt);
      const answer = (
        await this.client.complete({
          apiKey: prompt.api_key,
          model: prompt.model,
          messages: [{ role: 'system', content: systemText(prompt.prompt) }, ...history],
          maxTokens: prompt.max_tokens,
          temperature: prompt.temperature,
        })
      ).trim();
      if (answer.startsWith(TRANSFER_PHRASE)) {
        const ticket = await this.lifecycle.state(companyId, ticketId);
        if (ticket) await this.lifecycle.handOver(companyId, ticket, { queueId: prompt.queue_id });
        return true;
      }
      if (!answer) return false;
      await this.answer(conversation, prompt, answer);
      return true;
    } catch (error) {
      this.logger.error(`ticket ${ticketId}, prompt ${promptId}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** A voice note when the prompt has a voice and its key; the text itself when speech fails. */
  private async answer(conversation: Conversation, prompt: PromptRow, text: string): Promise<void> {
    if (prompt.voice !== TEXT_VOICE && prompt.voice_key && prompt.voice_region) {
      try {
        const audio = await this.speech.synthesize({ key: prompt.voice_key, region: prompt.voice_region, voice: prompt.voice, text });
        await this.speaker.voice(conversation, audio, text);
        return;
      } catch (error) {
        this.logger.warn(`ticket ${conversation.ticketId}: voice answer not made, sending text: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await this.speaker.text(conversation, text);
  }

  /** The last maxMessages messages, oldest first; customer audio is transcribed when the provider can. */
  private async history(companyId: number, ticketId: number, prompt: PromptRow): Promise<ChatTurn[]> {
    const rows = await this.repository.promptHistory(companyId, ticketId, prompt.max_messages);
    const turns: ChatTurn[] = [];
    for (const row of rows.reverse()) {
      // Our voice notes carry their text as the body; the customer's are transcribed.
      const content = row.media_type === 'audio' && !row.from_me && row.media_path ? await this.transcribe(prompt, row) : row.body;
      if (content?.trim()) turns.push({ role: row.from_me ? 'assistant' : 'user', content });
    }
    return turns;
  }

  private async transcribe(prompt: PromptRow, row: HistoryRow): Promise<string | null> {
    try {
      const audio = await this.storage.read(row.media_path!);
      return await this.client.transcribe({
        apiKey: prompt.api_key,
        audio,
        fileName: row.media_path!.split('/').pop()!,
        mimeType: mimetypeForPath(row.media_path!),
      });
    } catch (error) {
      this.logger.warn(`message ${row.id}: audio not transcribed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}
