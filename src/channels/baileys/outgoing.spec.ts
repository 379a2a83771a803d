import { describe, expect, it } from '@jest/globals';
import { mediaContent } from './outgoing.js';

describe('mediaContent: audio', () => {
  const buffer = Buffer.from('OggS');

  it('sends a voice note as push-to-talk Ogg/Opus with its length', () => {
    expect(mediaContent({ buffer, mimetype: 'audio/ogg; codecs=opus', fileName: 'audio-record.webm', ptt: true, seconds: 12 })).toEqual({
      audio: buffer,
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
      seconds: 12,
    });
  });

  it('sends other audio as a file, without a length it does not know', () => {
    expect(mediaContent({ buffer, mimetype: 'audio/mpeg', fileName: 'musica.mp3' })).toEqual({ audio: buffer, mimetype: 'audio/mpeg', ptt: false });
  });
});
