/** Gives back a slot taken from ReadSlots. */
export type ReleaseSlot = () => void;

/**
 * A counting semaphore for heavy reads in this process: at most `size` run at once, the next `maxWaiting` callers wait
 * in arrival order for at most `maxWaitMs` each, and the rest are turned away at once (acquire answers null), so a
 * burst of uploads neither multiplies the memory in use nor piles up requests that will time out anyway.
 */
export class ReadSlots {
  private running = 0;
  private readonly queue: { grant: (release: ReleaseSlot) => void }[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
    readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** A release function once a slot is free, or null when too many wait already or the wait took too long. */
  acquire(): Promise<ReleaseSlot | null> {
    if (this.running < this.size) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
        grant: (release: ReleaseSlot) => {
          if (timer) clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = Number.isFinite(this.maxWaitMs)
        ? setTimeout(() => {
            const at = this.queue.indexOf(waiter);
            if (at !== -1) this.queue.splice(at, 1);
            resolve(null);
          }, this.maxWaitMs)
        : null;
      this.queue.push(waiter);
    });
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The slot passes straight to the next waiter; otherwise it is free again.
      if (next) next.grant(this.releaser());
      else this.running -= 1;
    };
  }
}
