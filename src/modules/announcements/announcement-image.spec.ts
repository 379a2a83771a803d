import { describe, expect, it } from '@jest/globals';
import { isAcceptedImage, sniffImageType } from './announcement-image.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const GIF = Buffer.from('GIF89a', 'ascii');

describe('announcement images', () => {
  it('recognises png and jpeg by their signature only', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('accepts png, jpg and jpeg whose name, declared type and content agree', () => {
    expect(isAcceptedImage({ originalName: 'aviso.png', mimetype: 'image/png' }, PNG)).toBe(true);
    expect(isAcceptedImage({ originalName: 'foto.JPG', mimetype: 'image/jpeg' }, JPEG)).toBe(true);
    expect(isAcceptedImage({ originalName: 'foto.jpeg', mimetype: 'image/jpeg; charset=binary' }, JPEG)).toBe(true);
  });

  it('refuses other extensions, mislabelled types and renamed content', () => {
    expect(isAcceptedImage({ originalName: 'anim.gif', mimetype: 'image/gif' }, GIF)).toBe(false);
    expect(isAcceptedImage({ originalName: 'aviso', mimetype: 'image/png' }, PNG)).toBe(false);
    expect(isAcceptedImage({ originalName: 'aviso.png', mimetype: 'image/jpeg' }, PNG)).toBe(false);
    expect(isAcceptedImage({ originalName: 'aviso.jpg', mimetype: 'image/png' }, PNG)).toBe(false);
    expect(isAcceptedImage({ originalName: 'doc.png', mimetype: 'image/png' }, Buffer.from('%PDF-1.4'))).toBe(false);
  });
});
