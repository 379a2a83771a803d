import { describe, expect, it } from '@jest/globals';
import { formatCoordinates, locationCard } from './locationCard';
import { attachReactions } from './reactions';
import type { Message } from './types';
import { cachedVcardAnswer, checkVcardNumber, clearVcardAnswers, rememberVcardAnswer } from './vcardCheckCache';

const message = (id: number, over: Partial<Message> = {}): Message =>
  ({
    id,
    body: `m${id}`,
    fromMe: false,
    mediaType: 'chat',
    quotedMsgId: null,
    participant: null,
    isDeleted: false,
    createdAt: `2026-01-01T10:00:0${id % 10}.000Z`,
    ...over,
  }) as unknown as Message;

const reaction = (id: number, target: number | null, body: string, over: Partial<Message> = {}) =>
  message(id, { mediaType: 'reactionMessage', quotedMsgId: target, body, ...over });

describe('reactions', () => {
  it('attach to the message they react to, the latest of each person counting', () => {
    const { shown, reactions } = attachReactions([
      message(1),
      message(2, { fromMe: true }),
      reaction(3, 2, '👍'),
      reaction(4, 2, '❤️'),
      reaction(5, 2, '❤️', { fromMe: true }),
      reaction(6, 1, '😂', { fromMe: true }),
      reaction(7, 1, '', { fromMe: true }),
    ]);
    expect(shown.map((item) => item.id)).toEqual([1, 2]);
    expect(reactions.get(2)).toEqual([{ emoji: '❤️', count: 2, mine: true }]);
    // Taken back: no badge.
    expect(reactions.has(1)).toBe(false);
  });

  it('stay as messages when the message they react to is not loaded', () => {
    const { shown, reactions } = attachReactions([message(1), reaction(2, 99, '👍'), reaction(3, null, '🙏')]);
    expect(shown.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(reactions.size).toBe(0);
  });

  it('count each group participant apart', () => {
    const { reactions } = attachReactions([message(1), reaction(2, 1, '👍', { participant: 'a' }), reaction(3, 1, '👍', { participant: 'b' })]);
    expect(reactions.get(1)).toEqual([{ emoji: '👍', count: 2, mine: false }]);
  });
});

describe('location card', () => {
  it('reads the coordinates and the lines after them, with an OpenStreetMap link', () => {
    expect(locationCard('-23.561414,-46.655881\nMASP\nAv. Paulista, 1578')).toEqual({
      latitude: -23.561414,
      longitude: -46.655881,
      details: ['MASP', 'Av. Paulista, 1578'],
      url: 'https://www.openstreetmap.org/?mlat=-23.561414&mlon=-46.655881#map=17/-23.561414/-46.655881',
    });
    expect(locationCard('https://maps.google.com/maps?q=-23.5,-46.6|Av. Paulista')).toMatchObject({
      latitude: -23.5,
      longitude: -46.6,
      details: ['Av. Paulista'],
    });
    expect(locationCard('sem local')).toBeNull();
    expect(locationCard('95.1,10.2')).toBeNull();
  });

  it('writes coordinates with their hemisphere', () => {
    expect(formatCoordinates(-23.561414, -46.655881)).toBe('23.561414° S, 46.655881° W');
    expect(formatCoordinates(48.8584, 2.2945)).toBe('48.858400° N, 2.294500° E');
  });
});

describe('vCard check cache', () => {
  it('checks a number once per session, sharing a check in flight', async () => {
    clearVcardAnswers();
    let calls = 0;
    const check = () => {
      calls += 1;
      return Promise.resolve({ state: 'outside' } as const);
    };
    const [first, second] = await Promise.all([checkVcardNumber('5511999990000', check), checkVcardNumber('5511999990000', check)]);
    expect(first).toEqual({ state: 'outside' });
    expect(second).toEqual({ state: 'outside' });
    await checkVcardNumber('5511999990000', check);
    expect(calls).toBe(1);
    expect(cachedVcardAnswer('5511999990000')).toEqual({ state: 'outside' });
  });

  it('does not keep a failed check, and keeps what starting a chat found out', async () => {
    clearVcardAnswers();
    await expect(checkVcardNumber('5511888880000', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(cachedVcardAnswer('5511888880000')).toBeUndefined();
    rememberVcardAnswer('5511888880000', { state: 'known', contact: { id: 1, name: 'Ana', number: '5511888880000' } });
    expect(cachedVcardAnswer('5511888880000')).toMatchObject({ state: 'known' });
  });
});
