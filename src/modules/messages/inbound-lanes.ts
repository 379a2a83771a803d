/** The work of one connection: a chain per conversation, receipts and changes after them, and full barriers. */
interface ConnectionLanes {
  /** The last task of each conversation since the last barrier. */
  chats: Map<string, Promise<void>>;
  /** The last receipt/edit/revoke task: they keep their order among themselves. */
  trailing: Promise<void>;
  /** The last barrier (a replay): everything queued later waits for it. */
  barrier: Promise<void>;
  /** How many barriers were queued: a trailing task never waits for work queued after a later barrier. */
  epoch: number;
  /** Tasks queued and not finished, so the entry can go when the connection is idle. */
  running: number;
}

const DONE = Promise.resolve();

/**
 * Orders the inbound work of each connection the way the provider's events depend on one another, and no further:
 * messages of one conversation run one after the other (the bot's turn follows the message before it), different
 * conversations of a connection run side by side, receipts and edits run after everything queued before them (the
 * message they name is stored by then), and a replay of recorded events runs before anything queued after it.
 * A failing task is reported to `onError` and never blocks what follows.
 */
export class InboundLanes {
  private readonly connections = new Map<number, ConnectionLanes>();

  constructor(private readonly onError: (connectionId: number, error: unknown) => void) {}

  /** After the conversation's earlier tasks and the connection's last barrier. */
  chat(connectionId: number, chatKey: string, task: () => Promise<void>): Promise<void> {
    const lanes = this.lanesOf(connectionId);
    const previous = lanes.chats.get(chatKey);
    const next = this.run(connectionId, lanes, previous ? [previous, lanes.barrier] : [lanes.barrier], task);
    lanes.chats.set(chatKey, next);
    void next.then(() => {
      if (lanes.chats.get(chatKey) === next) lanes.chats.delete(chatKey);
    });
    return next;
  }

  /**
   * After every task queued on the connection before it starts (read by `waitForEarlier`, which the task calls when it
   * stops taking new work: a batch of receipts closes then). Later conversation tasks do not wait for it. Work queued
   * after a later barrier is never waited for (that barrier waits for this task).
   */
  trailing(connectionId: number, task: (waitForEarlier: () => Promise<void>) => Promise<void>): Promise<void> {
    const lanes = this.lanesOf(connectionId);
    const epoch = lanes.epoch;
    const barrier = lanes.barrier;
    const queuedBefore = [...lanes.chats.values()];
    const waitForEarlier = () => Promise.all([...(lanes.epoch === epoch ? lanes.chats.values() : queuedBefore), barrier]).then(() => undefined);
    const next = this.run(connectionId, lanes, [lanes.trailing], () => task(waitForEarlier));
    lanes.trailing = next;
    return next;
  }

  /** Which barrier the connection's new tasks follow: a batch opened under another one must not grow. */
  epoch(connectionId: number): number {
    return this.connections.get(connectionId)?.epoch ?? 0;
  }

  /** After every task queued so far; every task queued later waits for it. */
  barrier(connectionId: number, task: () => Promise<void>): Promise<void> {
    const lanes = this.lanesOf(connectionId);
    const next = this.run(connectionId, lanes, [...lanes.chats.values(), lanes.trailing, lanes.barrier], task);
    lanes.barrier = next;
    lanes.epoch += 1;
    // Every conversation's chain is behind the barrier now: later tasks only need the barrier.
    lanes.chats.clear();
    return next;
  }

  /** Resolves when no task is queued on any connection. */
  async drain(): Promise<void> {
    while (this.connections.size) {
      await Promise.all([...this.connections.values()].flatMap((lanes) => [...lanes.chats.values(), lanes.trailing, lanes.barrier]));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private lanesOf(connectionId: number): ConnectionLanes {
    let lanes = this.connections.get(connectionId);
    if (!lanes) {
      lanes = { chats: new Map(), trailing: DONE, barrier: DONE, epoch: 0, running: 0 };
      this.connections.set(connectionId, lanes);
    }
    return lanes;
  }

  private run(connectionId: number, lanes: ConnectionLanes, after: Promise<void>[], task: () => Promise<void>): Promise<void> {
    lanes.running += 1;
    const start = after.length === 1 ? after[0]! : Promise.all(after);
    return start
      .then(task)
      .catch((error: unknown) => this.onError(connectionId, error))
      .finally(() => {
        lanes.running -= 1;
        if (lanes.running === 0 && this.connections.get(connectionId) === lanes) this.connections.delete(connectionId);
      });
  }
}
