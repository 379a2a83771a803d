import { describe, expect, it } from '@jest/globals';
import { renderCampaignMessage } from './campaigns.js';
import { renderPlaceholders } from './placeholders.js';
import { renderTemplate } from './template-variables.js';

describe('one placeholder language', () => {
  const now = new Date('2026-03-10T12:30:05Z'); // 09:30:05 in São Paulo

  it('reads both spellings and the Portuguese aliases the same way', () => {
    const values = { name: 'Ana Lima', firstName: 'Ana', number: '5511', protocol: '77' };
    expect(renderPlaceholders('{nome} {{name}} {{ nome }} {name} {{firstName}} {primeiroNome} {numero} {{protocolo}}', values)).toBe(
      'Ana Lima Ana Lima Ana Lima Ana Lima Ana Ana 5511 77',
    );
  });

  it('leaves unknown names and stray braces as typed', () => {
    expect(renderPlaceholders('{x} {{y}} { nome } {} {{}}', { name: 'Ana' })).toBe('{x} {{y}} { nome } {} {{}}');
  });

  it('greetings understand the campaign spelling', () => {
    expect(renderTemplate('{ms} {nome}, protocolo {protocolo} às {hora}', { name: 'Maria Souza', protocol: '9', now })).toBe(
      'Bom dia Maria Souza, protocolo 9 às 09:30:05',
    );
  });

  it('campaigns understand the greeting spelling and keep their own variables', () => {
    const text = renderCampaignMessage(
      '{{ms}} {{firstName}} ({{number}}) {cupom} {{cupom}}',
      { name: 'Ana Lima', number: '5511', email: null },
      [{ key: 'cupom', value: 'BF10' }],
      {
        now,
      },
    );
    expect(text).toBe('Bom dia Ana (5511) BF10 BF10');
  });
});
