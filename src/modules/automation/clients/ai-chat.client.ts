import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { boundedFetchFunction, OutboundAnswerError } from '../../../common/http/bounded-fetch.js';
import { OutboundUrlRefused } from '../../../common/http/private-network.js';
import { excerpt, MB, redact } from './http.js';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const LABEL = 'AI provider';
const TIMEOUT_MS = 60_000;
/** A completion is bounded by max_tokens, a transcription by the voice note: 2 MB is far above either. */
const MAX_BYTES = 2 * MB;
/**
 * The SDK's own timeout ends when the headers arrive: this fetch keeps the deadline on the body, caps its size and
 * follows redirects by hand.
 */
const boundedFetch = boundedFetchFunction({ label: LABEL, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
/** Whisper is the transcription model every OpenAI-compatible server knows by name. */
const TRANSCRIPTION_MODEL = 'whisper-1';
/** Statuses meaning "this server has no such endpoint", as self-hosted chat-only servers answer. */
const NO_ENDPOINT = new Set([404, 405, 501]);

/** OpenAI-compatible chat completions and transcription; the base URL comes from the config so a local model works. */
@Injectable()
export class AiChatClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async complete(input: { apiKey: string; model: string; messages: ChatTurn[]; maxTokens: number; temperature: number }): Promise<string> {
    try {
      const completion = await this.client(input.apiKey).chat.completions.create({
        model: input.model,
        messages: input.messages,
        // max_tokens rather than max_completion_tokens: the one self-hosted servers understand too.
        max_tokens: input.maxTokens,
        temperature: input.temperature,
      });
      return completion.choices[0]?.message?.content?.trim() ?? '';
    } catch (error) {
      throw failure(error, input.apiKey);
    }
  }

  /** null when the provider has no transcription endpoint (404/405/501) */
  async transcribe(input: { apiKey: string; audio: Buffer; fileName: string; mimeType: string }): Promise<string | null> {
    try {
      const file = await toFile(input.audio, input.fileName, { type: input.mimeType });
      // No retry: a chat-only server answers 501, and the bot can go on without the text.
      const result = await this.client(input.apiKey).audio.transcriptions.create({ file, model: TRANSCRIPTION_MODEL }, { maxRetries: 0 });
      return result.text.trim();
    } catch (error) {
      if (error instanceof APIError && error.status !== undefined && NO_ENDPOINT.has(error.status)) return null;
      throw failure(error, input.apiKey);
    }
  }

  private client(apiKey: string): OpenAI {
    return new OpenAI({ apiKey, baseURL: this.config.automation.openAiBaseUrl, timeout: TIMEOUT_MS, maxRetries: 1, fetch: boundedFetch });
  }
}

/** The SDK's messages may quote the key (401 bodies do, partly masked): never pass it on. */
function failure(error: unknown, apiKey: string): Error {
  // A cap, redirect or address refusal, thrown while the SDK reads the body or wrapped by it as a connection error.
  const bounded = [error, (error as { cause?: unknown } | null)?.cause].find((e) => e instanceof OutboundAnswerError || e instanceof OutboundUrlRefused);
  if (bounded) return new Error((bounded as Error).message);
  if (error instanceof APIConnectionTimeoutError || (error as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new Error(`${LABEL} did not answer within ${TIMEOUT_MS / 1000} s`);
  }
  if (error instanceof APIError && error.status !== undefined) {
    const body = typeof error.error === 'object' && error.error !== null ? JSON.stringify(error.error) : error.message;
    return new Error(`${LABEL} answered ${error.status}: ${scrub(excerpt(body), apiKey)}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${LABEL} unreachable: ${scrub(excerpt(message), apiKey)}`);
}

/** Removes the key itself and anything that looks like one (`sk-...`, including masked echoes). */
function scrub(text: string, apiKey: string): string {
  return redact(text, [apiKey]).replace(/\bsk-[\w*.-]+/g, 'sk-***');
}
