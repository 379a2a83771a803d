import { describe, expect, it } from '@jest/globals';
import { renderRichText } from './typebot-rich-text.js';

const p = (...children: unknown[]) => ({ type: 'p', children });

describe('renderRichText', () => {
  it('turns marks into WhatsApp formatting and paragraphs into lines', () => {
    expect(
      renderRichText([
        p({ text: 'Olá, ' }, { text: 'Maria', bold: true }, { text: '!' }),
        p({ text: 'Temos ' }, { text: 'novidades ', italic: true }, { text: 'e ' }, { text: 'preços antigos', strikethrough: true }, { text: '.' }),
        p({ text: 'tudo junto', bold: true, italic: true, strikethrough: true }),
      ]),
    ).toBe('Olá, *Maria*!\nTemos _novidades_ e ~preços antigos~.\n*_~tudo junto~_*');
  });

  it('keeps empty paragraphs as blank lines and ignores empty marked leaves', () => {
    expect(renderRichText([p({ text: 'Um' }), p({ text: '' }), p({ text: '', bold: true }, { text: 'Dois' })])).toBe('Um\n\nDois');
  });

  it('writes links as their text followed by the URL, or the URL alone', () => {
    expect(
      renderRichText([
        p({ text: 'Veja ' }, { type: 'a', url: 'https://exemplo.com/a', children: [{ text: 'o catálogo' }] }),
        p({ type: 'a', url: 'https://exemplo.com/b', children: [{ text: 'https://exemplo.com/b' }] }),
      ]),
    ).toBe('Veja o catálogo (https://exemplo.com/a)\nhttps://exemplo.com/b');
  });

  it('renders lists and variables holding several paragraphs', () => {
    expect(
      renderRichText([
        {
          type: 'ul',
          children: [
            { type: 'li', children: [{ type: 'lic', children: [{ text: 'Pizza' }] }] },
            { type: 'li', children: [{ type: 'lic', children: [{ text: 'Suco' }] }] },
          ],
        },
        { type: 'ol', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'primeiro' }] }] }] },
        p({ text: 'Pedido: ' }, { type: 'inline-variable', children: [p({ text: 'linha 1' }), p({ text: 'linha 2' })] }),
      ]),
    ).toBe('• Pizza\n• Suco\n1. primeiro\nPedido: linha 1\nlinha 2');
  });

  it('falls back to plain text for unknown nodes and to nothing for non-arrays', () => {
    expect(renderRichText([{ type: 'mystery', children: [{ text: 'ainda aqui' }] }])).toBe('ainda aqui');
    expect(renderRichText(undefined)).toBe('');
    expect(renderRichText('texto')).toBe('');
  });
});
