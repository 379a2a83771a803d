import { appError } from '../../common/errors/app-error.js';
import { AnswerTooLarge, type BoundedAnswer, bodyText, boundedRequest, type OutboundGuard } from '../../common/http/bounded-fetch.js';
import { graphError, transportError } from './cloud-api-errors.js';
import { type CloudApiCredentials, type CloudTemplate, DEFAULT_GRAPH_BASE_URL, DEFAULT_GRAPH_VERSION, type OutgoingMessage } from './cloud-api-types.js';
import { buildMultipart } from './multipart.js';
import { readPayload } from './outgoing-payloads.js';
import { arrayAt, badPayload, idAt, isObject, objectAt, textAt } from './payload-reader.js';
import { MAX_TEMPLATE_PAGE, templateOf } from './template-answer.js';

export interface GraphApiClientOptions {
  /** One deadline per JSON call, answer included. */
  timeoutMs?: number;
  /** JSON answers are small; anything beyond this is not Meta's. */
  maxAnswerBytes?: number;
  /** Uploads and downloads of media. */
  mediaTimeoutMs?: number;
  /** Checks and dials every address (the media URL comes from an answer). */
  guard?: OutboundGuard;
}

export interface SentMessage {
  providerId: string;
  /** The customer's WhatsApp id as Meta resolved the number (Brazil's ninth digit, for one). */
  waId: string;
}

export interface PhoneNumberInfo {
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  /** Whether Meta verified the number by code (VERIFIED, NOT_VERIFIED, EXPIRED); null when not stated. */
  codeVerificationStatus: string | null;
}

export interface DownloadedMedia {
  bytes: Buffer;
  mimetype: string;
}

const DEFAULTS = { timeoutMs: 20_000, maxAnswerBytes: 1024 * 1024, mediaTimeoutMs: 120_000 };
const TEMPLATE_FIELDS = 'id,name,language,status,category,components,parameter_format';

interface Call {
  label: string;
  url: string;
  method: 'GET' | 'POST';
  body?: Buffer | string;
  contentType?: string;
  maxBytes: number;
  timeoutMs: number;
  /** A media file rather than a JSON answer: too large is ERR_MEDIA_TOO_LARGE. */
  file?: boolean;
}

/**
 * The few Graph API calls a Cloud API connection makes, each through the bounded client (byte cap, one deadline)
 * with `Authorization: Bearer`. Refusals become catalogued AppErrors (cloud-api-errors.ts); neither the token nor
 * the app secret appears in any message.
 */
export class GraphApiClient {
  private readonly options: Required<Omit<GraphApiClientOptions, 'guard'>> & { guard?: OutboundGuard };

  constructor(options: GraphApiClientOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  async send(creds: CloudApiCredentials, payload: OutgoingMessage): Promise<SentMessage> {
    const answer = objectAt(await this.json(creds, this.post(creds, 'messages', payload)), 'answer');
    const message = arrayAt(answer.messages, 'answer.messages', 10)[0];
    const contact = arrayAt(answer.contacts, 'answer.contacts', 10)[0];
    const waId = isObject(contact) && typeof contact.wa_id === 'string' ? contact.wa_id : payload.to;
    return { providerId: idAt(objectAt(message, 'answer.messages[0]').id, 'answer.messages[0].id'), waId };
  }

  /** Blue ticks for the customer's message (and every earlier one of the conversation). */
  async markRead(creds: CloudApiCredentials, messageId: string): Promise<void> {
    const answer = await this.json(creds, this.post(creds, 'messages', readPayload(messageId)));
    if (!isObject(answer) || answer.success !== true) throw badPayload('answer', 'the read receipt was not confirmed');
  }

  /** Uploads a file for later sends; answers its media id (valid for 30 days). */
  async uploadMedia(creds: CloudApiCredentials, bytes: Buffer, mimetype: string, fileName: string): Promise<string> {
    const { body, contentType } = buildMultipart({ messaging_product: 'whatsapp', type: mimetype }, { field: 'file', fileName, contentType: mimetype, bytes });
    const call: Call = {
      label: 'Graph POST media',
      url: this.url(creds, `${encodeURIComponent(creds.phoneNumberId)}/media`),
      method: 'POST',
      body,
      contentType,
      maxBytes: this.options.maxAnswerBytes,
      timeoutMs: this.options.mediaTimeoutMs,
    };
    return idAt(objectAt(await this.json(creds, call), 'answer').id, 'answer.id');
  }

  /**
   * An inbound file: its metadata (a URL valid for minutes), then the URL itself, both with the bearer token. A file
   * the metadata declares larger than maxBytes is refused before it is downloaded; one that turns out larger is cut.
   */
  async downloadMedia(creds: CloudApiCredentials, mediaId: string, maxBytes: number): Promise<DownloadedMedia> {
    const meta = objectAt(await this.json(creds, this.get(creds, encodeURIComponent(mediaId))), 'answer');
    const url = textAt(meta.url, 4096);
    if (!url) throw badPayload('answer.url', 'expected the address of the file');
    const declared = Number(meta.file_size);
    if (Number.isFinite(declared) && declared > maxBytes) throw appError('ERR_MEDIA_TOO_LARGE', `Media ${mediaId} has ${declared} bytes, over ${maxBytes}`);
    const call: Call = { label: 'Graph GET media file', url, method: 'GET', maxBytes, timeoutMs: this.options.mediaTimeoutMs, file: true };
    const answer = await this.exchange(creds, call);
    if (answer.status < 200 || answer.status >= 300) throw graphError(call.label, answer.status, parseJson(answer.body), secretsOf(creds));
    const mimetype = textAt(meta.mime_type, 255) || answer.headers.get('content-type') || 'application/octet-stream';
    return { bytes: answer.body, mimetype };
  }

  async phoneNumber(creds: CloudApiCredentials): Promise<PhoneNumberInfo> {
    const path = `${encodeURIComponent(creds.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating,code_verification_status`;
    const answer = objectAt(await this.json(creds, this.get(creds, path)), 'answer');
    return {
      displayPhoneNumber: idAt(answer.display_phone_number, 'answer.display_phone_number', 64),
      verifiedName: textAt(answer.verified_name, 256) ?? '',
      qualityRating: textAt(answer.quality_rating, 32) ?? 'UNKNOWN',
      codeVerificationStatus: textAt(answer.code_verification_status, 32),
    };
  }

  /**
   * The business account's templates, page after page (at most maxPages). The next page is asked for with the
   * `after` cursor on our own address rather than by following `paging.next`: the token only goes to the Graph host.
   */
  async templates(creds: CloudApiCredentials, { maxPages, pageSize = MAX_TEMPLATE_PAGE }: { maxPages: number; pageSize?: number }): Promise<CloudTemplate[]> {
    const limit = Math.max(1, Math.min(MAX_TEMPLATE_PAGE, Math.trunc(pageSize)));
    const templates: CloudTemplate[] = [];
    const seen = new Set<string>();
    let after: string | null = null;
    for (let page = 0; page < maxPages; page += 1) {
      const query = new URLSearchParams({ fields: TEMPLATE_FIELDS, limit: String(limit), ...(after ? { after } : {}) });
      const answer = objectAt(await this.json(creds, this.get(creds, `${encodeURIComponent(creds.businessAccountId)}/message_templates?${query}`)), 'answer');
      arrayAt(answer.data, 'answer.data', MAX_TEMPLATE_PAGE).forEach((raw, index) => {
        templates.push(templateOf(raw, `answer.data[${index}]`));
      });
      const paging = isObject(answer.paging) ? answer.paging : {};
      const cursor = isObject(paging.cursors) ? textAt(paging.cursors.after, 1024) : null;
      if (typeof paging.next !== 'string' || !cursor || seen.has(cursor)) break;
      seen.add(cursor);
      after = cursor;
    }
    return templates;
  }

  private url(creds: CloudApiCredentials, path: string): string {
    const base = (creds.graphBaseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, '');
    return `${base}/${creds.graphVersion ?? DEFAULT_GRAPH_VERSION}/${path}`;
  }

  private get(creds: CloudApiCredentials, path: string): Call {
    const label = `Graph GET ${path.split('?')[0]}`;
    return { label, url: this.url(creds, path), method: 'GET', maxBytes: this.options.maxAnswerBytes, timeoutMs: this.options.timeoutMs };
  }

  private post(creds: CloudApiCredentials, edge: string, body: unknown): Call {
    return {
      label: `Graph POST ${edge}`,
      url: this.url(creds, `${encodeURIComponent(creds.phoneNumberId)}/${edge}`),
      method: 'POST',
      body: JSON.stringify(body),
      contentType: 'application/json',
      maxBytes: this.options.maxAnswerBytes,
      timeoutMs: this.options.timeoutMs,
    };
  }

  /** A JSON call: the parsed answer of a 2xx, a mapped AppError otherwise. */
  private async json(creds: CloudApiCredentials, call: Call): Promise<unknown> {
    const answer = await this.exchange(creds, call);
    const json = parseJson(answer.body);
    if (answer.status < 200 || answer.status >= 300) throw graphError(call.label, answer.status, json, secretsOf(creds));
    if (json === undefined) throw transportError(call.label, `answered ${answer.status} with a body that is not JSON`, secretsOf(creds));
    return json;
  }

  private async exchange(creds: CloudApiCredentials, call: Call): Promise<BoundedAnswer> {
    const headers: Record<string, string> = { authorization: `Bearer ${creds.accessToken}`, accept: 'application/json' };
    if (call.contentType) headers['content-type'] = call.contentType;
    try {
      return await boundedRequest(
        call.url,
        { method: call.method, headers, body: call.body ?? null },
        { label: call.label, maxBytes: call.maxBytes, timeoutMs: call.timeoutMs, guard: this.options.guard },
      );
    } catch (error) {
      if (error instanceof AnswerTooLarge && call.file) throw appError('ERR_MEDIA_TOO_LARGE', error.message);
      // A DOMException (the deadline) need not be an Error of this realm: read its name and message as they are.
      const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
      const reason = name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${call.timeoutMs} ms` : String(message ?? error);
      throw transportError(call.label, reason, secretsOf(creds));
    }
  }
}

const secretsOf = (creds: CloudApiCredentials): string[] => [creds.accessToken, creds.appSecret];

function parseJson(body: Buffer): unknown {
  const text = bodyText(body);
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
