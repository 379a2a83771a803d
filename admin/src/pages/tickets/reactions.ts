import type { Message } from './types';

/** One emoji on a message, with how many people put it there. */
export interface ReactionCount {
  emoji: string;
  count: number;
  /** The attendant's side reacted with it. */
  mine: boolean;
}

/** Who reacted: each side (and, in groups, each participant) holds one reaction per message. */
const reactor = (message: Message) => (message.fromMe ? 'me' : (message.participant ?? 'contact'));

/**
 * Splits the reactions out of a conversation (oldest first): a reaction whose message is loaded becomes a badge on
 * it (a later reaction of the same person replaces theirs, an empty one takes it back); the others stay as messages.
 */
export function attachReactions(messages: Message[]): { shown: Message[]; reactions: Map<number, ReactionCount[]> } {
  const loaded = new Set(messages.filter((message) => message.mediaType !== 'reactionMessage').map((message) => message.id));
  const latest = new Map<number, Map<string, Message>>();
  const shown: Message[] = [];
  for (const message of messages) {
    const target = message.mediaType === 'reactionMessage' ? message.quotedMsgId : null;
    if (target === null || !loaded.has(target)) {
      shown.push(message);
      continue;
    }
    const byReactor = latest.get(target) ?? new Map<string, Message>();
    byReactor.set(reactor(message), message);
    latest.set(target, byReactor);
  }
  const reactions = new Map<number, ReactionCount[]>();
  for (const [target, byReactor] of latest) {
    const counts = new Map<string, ReactionCount>();
    for (const reaction of byReactor.values()) {
      const emoji = reaction.body.trim();
      if (!emoji || reaction.isDeleted) continue;
      const count = counts.get(emoji) ?? { emoji, count: 0, mine: false };
      counts.set(emoji, { emoji, count: count.count + 1, mine: count.mine || reaction.fromMe });
    }
    if (counts.size) reactions.set(target, [...counts.values()]);
  }
  return { shown, reactions };
}
