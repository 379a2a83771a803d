import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { Response } from 'undici';
import { bodyText, OutboundAnswerError, openBounded, readBounded } from '../../../common/http/bounded-fetch.js';
import { OutboundUrlRefused } from '../../../common/http/private-network.js';
import { excerpt, MB, networkFailure, redact } from './http.js';

const LABEL = 'Text-to-speech';
/** Ogg/Opus at the output format's rate: a few minutes of speech are well under 1 MB. */
const MAX_AUDIO_BYTES = 16 * MB;
/** What is read of an error answer, for its excerpt. */
const MAX_ERROR_BYTES = 64 * 1024;
/** WhatsApp plays Ogg/Opus as a voice note. */
const OUTPUT_FORMAT = 'ogg-48khz-16bit-mono-opus';
const VOICE_NAME = /^[a-z]{2,3}-[A-Z]{2}-[A-Za-z]+Neural$/;
const REGION = /^[a-z0-9]{2,40}$/;

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/**
 * Azure-style neural text-to-speech (the prompts' `voice`, `voiceKey`, `voiceRegion`): SSML in, Ogg/Opus out. The
 * voice and region are checked against their formats, so neither can change the SSML or the host.
 */
@Injectable()
export class SpeechClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async synthesize(input: { key: string; region: string; voice: string; text: string }): Promise<Buffer> {
    if (!VOICE_NAME.test(input.voice)) throw new Error(`${LABEL}: unknown voice ${input.voice}`);
    if (!REGION.test(input.region)) throw new Error(`${LABEL}: invalid region`);
    const base = this.config.automation.speechApiUrl.replace('{region}', input.region).replace(/\/+$/, '');
    const language = input.voice.split('-').slice(0, 2).join('-');
    const ssml = `<speak version="1.0" xml:lang="${language}"><voice name="${input.voice}">${escapeXml(input.text)}</voice></speak>`;
    let response: Response;
    let audio: Buffer = Buffer.alloc(0);
    try {
      response = await openBounded(
        `${base}/cognitiveservices/v1`,
        {
          method: 'POST',
          headers: { 'ocp-apim-subscription-key': input.key, 'content-type': 'application/ssml+xml', 'x-microsoft-outputformat': OUTPUT_FORMAT },
          body: ssml,
        },
        { label: LABEL, timeoutMs: this.config.automation.speechTimeoutMs, maxBytes: MAX_AUDIO_BYTES },
      );
      if (response.ok) audio = await readBounded(response, LABEL, MAX_AUDIO_BYTES);
    } catch (error) {
      throw error instanceof OutboundUrlRefused || error instanceof OutboundAnswerError ? error : networkFailure(LABEL, error, this.config.automation.speechTimeoutMs);
    }
    if (!response.ok) {
      const detail = await readBounded(response, LABEL, MAX_ERROR_BYTES).then(bodyText, () => '');
      throw new Error(`${LABEL} answered ${response.status}: ${redact(excerpt(detail), [input.key])}`);
    }
    if (!audio.length) throw new Error(`${LABEL} answered no audio`);
    return audio;
  }
}
