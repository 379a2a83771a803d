import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../../config/app-config.js';
import { type FakeDialogflow, startFakeDialogflow } from '../../../../test/utils/fake-services.js';
import { InvalidServiceAccountError, parseServiceAccount } from './dialogflow-credentials.js';
import { DialogflowClient } from './dialogflow.client.js';

describe('DialogflowClient', () => {
  let fake: FakeDialogflow;
  let client: DialogflowClient;
  const ask = (text: string, extra: Partial<Parameters<DialogflowClient['detectIntent']>[0]> = {}) =>
    client.detectIntent({ jsonContent: fake.jsonContent, language: 'pt-BR', sessionId: 'ticket-42', text, ...extra });

  beforeAll(async () => {
    fake = await startFakeDialogflow();
  });
  beforeEach(() => {
    fake.reset();
    fake.setTokenLifetime(3600);
    client = new DialogflowClient({ automation: { openAiBaseUrl: fake.url, dialogflowApiUrl: fake.url, minuteMs: 60000 } } as AppConfig);
  });
  afterAll(() => fake.close());

  it('exchanges a signed JWT for a token, then detects the intent with it', async () => {
    fake.reply({ texts: ['Olá! Como posso ajudar?', 'Escolha uma opção.'] });
    expect(await ask('Oi')).toEqual({ texts: ['Olá! Como posso ajudar?', 'Escolha uma opção.'], endConversation: false });

    const [token, detect] = fake.requests;
    expect(token!.path).toBe('/token');
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const assertion = (token!.body as { assertion: string }).assertion;
    const header = JSON.parse(Buffer.from(assertion.split('.')[0]!, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'fake-key-1' });
    expect(claims).toMatchObject({ iss: fake.serviceAccount.client_email, aud: `${fake.url}/token`, scope: expect.stringContaining('dialogflow') });
    expect(claims.exp - claims.iat).toBe(3600);

    expect(detect!.path).toBe('/v2/projects/fake-project/agent/sessions/ticket-42:detectIntent');
    expect(detect!.headers.authorization).toBe('Bearer fake-access-token-1');
    expect(detect!.body).toEqual({ queryInput: { text: { text: 'Oi', languageCode: 'pt-BR' } } });
  });

  it('caches the token until it expires', async () => {
    await ask('um');
    await Promise.all([ask('dois'), ask('três')]);
    expect(fake.tokenRequests()).toHaveLength(1);

    fake.setTokenLifetime(30); // below the renewal margin: every call fetches a new one
    client = new DialogflowClient({ automation: { openAiBaseUrl: fake.url, dialogflowApiUrl: fake.url, minuteMs: 60000 } } as AppConfig);
    await ask('quatro');
    await ask('cinco');
    expect(fake.tokenRequests()).toHaveLength(3);
  });

  it('fetches a new token once when the API refuses the cached one', async () => {
    await ask('um');
    fake.revokeTokens();
    expect((await ask('dois')).texts).toEqual(['Dialogflow echo: dois']);
    expect(fake.tokenRequests()).toHaveLength(2);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer fake-access-token-2');
  });

  it('uses the project name when given, fulfillmentText as a fallback and the end-of-conversation flag', async () => {
    fake.reply({ texts: [], fulfillmentText: 'Até mais!', endConversation: true });
    expect(await ask('tchau', { projectName: 'outro-projeto', sessionId: 'a b' })).toEqual({ texts: ['Até mais!'], endConversation: true });
    expect(fake.requests.at(-1)!.path).toBe('/v2/projects/outro-projeto/agent/sessions/a%20b:detectIntent');
  });

  it('reports a refused key, an API error and bad credentials clearly', async () => {
    await expect(ask('oi', { jsonContent: fake.untrustedJsonContent })).rejects.toThrow(
      'Dialogflow token endpoint answered 400: {"error":"invalid_grant","error_description":"Invalid JWT Signature."}',
    );
    fake.fail(403, { error: { code: 403, message: 'Dialogflow API has not been used in project fake-project', status: 'PERMISSION_DENIED' } });
    const error = await ask('oi').then(
      () => new Error('no failure'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/^Dialogflow answered 403: .*has not been used/);
    expect(error.message).not.toContain('fake-access-token');
    await expect(ask('oi', { jsonContent: '{"client_email":"x@y"}' })).rejects.toThrow(InvalidServiceAccountError);
  });

  it('refuses an answer over 1 MB', async () => {
    fake.fail(200, 'x'.repeat(1024 * 1024 + 1));
    await expect(ask('oi')).rejects.toThrow('Dialogflow answered more than 1 MB');
  });
});

describe('parseServiceAccount', () => {
  it.each([
    ['not json', 'not a JSON object'],
    ['[]', 'not a JSON object'],
    ['{"private_key":"-----BEGIN PRIVATE KEY-----"}', 'no client_email'],
    ['{"client_email":"a@b"}', 'no private_key'],
    ['{"client_email":"a@b","private_key":"-----BEGIN PRIVATE KEY-----\\nnope\\n-----END PRIVATE KEY-----"}', 'cannot be read'],
  ])('refuses %s', (json, message) => {
    expect(() => parseServiceAccount(json)).toThrow(message);
  });
});
