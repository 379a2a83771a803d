import { describe, expect, it } from '@jest/globals';
import { appError } from '../../common/errors/app-error.js';
import type { MessageTemplate } from '../message-templates/message-template.entity.js';
import { campaignTemplateSend, outcomeErrorCode, outcomeUnknown } from './campaign-template-send.js';

const template = (status = 'APPROVED') =>
  ({
    metaId: '1',
    name: 'pedido_confirmado',
    language: 'pt_BR',
    status,
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi confirmado.' }],
  }) as unknown as MessageTemplate;

describe('a campaign recipient’s template send', () => {
  const render = (text: string) => text.replace('{nome}', 'Ana').replace('{email}', '');

  it('renders each value for the recipient and keeps the text the customer reads', () => {
    expect(campaignTemplateSend({ template: template(), variables: ['{nome}', 'P-1'] }, render)).toEqual({
      message: {
        name: 'pedido_confirmado',
        language: 'pt_BR',
        params: {
          header: [],
          body: [
            { name: '1', text: 'Ana' },
            { name: '2', text: 'P-1' },
          ],
          buttons: [],
        },
      },
      body: 'Olá Ana, seu pedido P-1 foi confirmado.',
    });
  });

  it('fails the recipient without a call: no template, not approved, a value empty for this recipient', () => {
    expect(campaignTemplateSend(null, render)).toEqual({ error: 'ERR_CLOUD_TEMPLATE_REQUIRED' });
    expect(campaignTemplateSend({ template: template('PAUSED'), variables: ['a', 'b'] }, render)).toEqual({ error: 'ERR_CLOUD_TEMPLATE_NOT_APPROVED' });
    expect(campaignTemplateSend({ template: template(), variables: ['{nome}', '{email}'] }, render)).toEqual({ error: 'ERR_VALIDATION' });
    // A header that shows a file goes with the file's address, and cannot go without one.
    const withImage = { ...template(), headerFormat: 'IMAGE' } as unknown as MessageTemplate;
    expect(campaignTemplateSend({ template: withImage, variables: ['{nome}', 'P-1'] }, render)).toEqual({ error: 'ERR_CLOUD_TEMPLATE_HEADER_FILE' });
    const link = 'https://cdn.example.com/a.png';
    expect(campaignTemplateSend({ template: withImage, variables: ['{nome}', 'P-1'], headerMediaUrl: link }, render)).toMatchObject({
      message: { headerMedia: { kind: 'image', link } },
    });
  });

  it('counts only an answered refusal as nothing sent', () => {
    expect(outcomeUnknown(appError('ERR_CLOUD_SEND_FAILED', 'deadline'))).toBe(true);
    expect(outcomeUnknown(new Error('socket hang up'))).toBe(true);
    expect(outcomeUnknown(appError('ERR_CLOUD_RATE_LIMITED'))).toBe(false);
    expect(outcomeUnknown(appError('ERR_CLOUD_BAD_PAYLOAD'))).toBe(false);
  });

  it('names a failed status by its catalogued code', () => {
    expect(outcomeErrorCode('131047 Re-engagement message')).toBe('ERR_CLOUD_WINDOW_CLOSED');
    expect(outcomeErrorCode('131026 Message undeliverable')).toBe('ERR_CLOUD_UNDELIVERABLE');
    expect(outcomeErrorCode('999999 Something new')).toBe('ERR_CLOUD_UNDELIVERABLE');
    expect(outcomeErrorCode(null)).toBe('ERR_CLOUD_UNDELIVERABLE');
  });
});
