import { Inject, Injectable, Optional } from '@nestjs/common';
import { OutboundUrlPolicy } from './outbound-url-policy.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { parseServiceAccount, type ServiceAccount, signAssertion } from './dialogflow-credentials.js';
import { httpFailure, isObject, MB, parseJson, post, redact } from './http.js';

export interface DialogflowAnswer {
  texts: string[];
  endConversation: boolean;
}

interface AccessToken {
  token: string;
  expiresAt: number;
}

const LABEL = 'Dialogflow';
const TOKEN_LABEL = 'Dialogflow token endpoint';
const TIMEOUT_MS = 15_000;
/** detectIntent answers and tokens are a few kilobytes. */
const MAX_BYTES = 1 * MB;
/** A token is renewed this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** Dialogflow ES v2 over REST: a service-account JWT exchanged for an access token (cached), then detectIntent. */
@Injectable()
export class DialogflowClient {
  /** Per service account; the promise is shared so concurrent messages make one token request. */
  private readonly tokens = new Map<string, Promise<AccessToken>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    /** The token URL comes from the uploaded credentials, so it is checked like any typed address. */
    @Optional() private readonly policy?: OutboundUrlPolicy,
  ) {}

  async detectIntent(input: {
    jsonContent: string;
    projectName?: string | null;
    language: string;
    sessionId: string;
    text: string;
  }): Promise<DialogflowAnswer> {
    const account = parseServiceAccount(input.jsonContent);
    const projectId = input.projectName?.trim() || account.projectId;
    if (!projectId) throw new Error('No Dialogflow project: set the project name or project_id in the credentials');
    const url =
      `${this.config.automation.dialogflowApiUrl.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(projectId)}` +
      `/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
    const body = { queryInput: { text: { text: input.text, languageCode: input.language } } };

    let token = await this.accessToken(account);
    let answer = await post(url, body, { label: LABEL, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, headers: { authorization: `Bearer ${token}` } });
    if (answer.status === 401) {
      // Revoked or expired early: one fresh token, one more try.
      this.tokens.delete(account.fingerprint);
      token = await this.accessToken(account);
      answer = await post(url, body, { label: LABEL, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, headers: { authorization: `Bearer ${token}` } });
    }
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(LABEL, answer.status, redact(answer.text, [token]));
    const json = parseJson(answer.text);
    if (!isObject(json)) throw new Error(`${LABEL} answered ${answer.status} with a body that is not a JSON object`);
    return toAnswer(json);
  }

  private async accessToken(account: ServiceAccount): Promise<string> {
    const key = account.fingerprint;
    const cached = this.tokens.get(key);
    if (cached) {
      const token = await cached.catch(() => null);
      if (token && token.expiresAt > Date.now()) return token.token;
      if (this.tokens.get(key) === cached) this.tokens.delete(key);
    }
    const pending = this.exchange(account);
    this.tokens.set(key, pending);
    try {
      return (await pending).token;
    } catch (error) {
      if (this.tokens.get(key) === pending) this.tokens.delete(key);
      throw error;
    }
  }

  private async exchange(account: ServiceAccount): Promise<AccessToken> {
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signAssertion(account) });
    const { status, text } = await post(account.tokenUri, form.toString(), {
      label: TOKEN_LABEL,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      guard: this.policy,
    });
    if (status < 200 || status >= 300) throw httpFailure(TOKEN_LABEL, status, text);
    const json = parseJson(text);
    if (!isObject(json) || typeof json.access_token !== 'string') throw new Error(`${TOKEN_LABEL} answered without an access_token`);
    const lifetimeMs = (typeof json.expires_in === 'number' ? json.expires_in : 3600) * 1000;
    return { token: json.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, 0) };
  }
}

/** Texts of the default platform's messages (others repeat them for Telegram, Slack...), else fulfillmentText. */
function toAnswer(json: Record<string, unknown>): DialogflowAnswer {
  const result = isObject(json.queryResult) ? json.queryResult : {};
  const messages = (Array.isArray(result.fulfillmentMessages) ? result.fulfillmentMessages : []).filter(isObject);
  const defaults = messages.filter((m) => m.platform === undefined || m.platform === 'PLATFORM_UNSPECIFIED');
  const texts = (defaults.length ? defaults : messages).flatMap((m) =>
    isObject(m.text) && Array.isArray(m.text.text) ? m.text.text.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [],
  );
  if (!texts.length && typeof result.fulfillmentText === 'string' && result.fulfillmentText.trim()) texts.push(result.fulfillmentText);
  const diagnostic = isObject(result.diagnosticInfo) ? result.diagnosticInfo : {};
  return { texts, endConversation: diagnostic.end_conversation === true };
}
