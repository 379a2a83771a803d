/** The most rows one statement carries: beyond this a batch takes long enough to hold up the next one. */
export const MAX_BATCH = 100;

interface Pending<W, R> {
  write: W;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

interface CompanyQueue<W, R> {
  waiting: Array<Pending<W, R>>;
  running: boolean;
}

/**
 * Group commit per company (the inbound store, the bot's reads): the requests of one company that arrive while its
 * previous statement runs go out together in the next one, so the batch grows with the load and a lone request waits
 * for nothing. One statement per company at a time; companies run side by side. A batch never holds two requests with
 * the same `conflictKeys` (for the store: one contact number, one provider id): the later one waits for the next
 * batch, which sees the earlier one's rows.
 */
export class CompanyBatcher<W, R> {
  private readonly queues = new Map<number, CompanyQueue<W, R>>();
  /** Statements run and rows they carried, and the largest batch so far (metrics, tests). */
  readonly stats = { batches: 0, rows: 0, largest: 0 };

  constructor(
    private readonly conflictKeys: (write: W) => string[],
    /** Runs one batch; answers one outcome per write, in order (a write can fail alone). */
    private readonly runBatch: (companyId: number, writes: W[]) => Promise<Array<PromiseSettledResult<R>>>,
  ) {}

  store(companyId: number, write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let queue = this.queues.get(companyId);
      if (!queue) {
        queue = { waiting: [], running: false };
        this.queues.set(companyId, queue);
      }
      queue.waiting.push({ write, resolve, reject });
      if (!queue.running) {
        queue.running = true;
        // The rest of this tick's writes join the batch.
        setImmediate(() => void this.drain(companyId, queue));
      }
    });
  }

  private async drain(companyId: number, queue: CompanyQueue<W, R>): Promise<void> {
    while (queue.waiting.length) {
      const batch = this.take(queue);
      this.stats.batches += 1;
      this.stats.rows += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      try {
        const results = await this.runBatch(
          companyId,
          batch.map((p) => p.write),
        );
        batch.forEach((p, index) => {
          const outcome = results[index]!;
          if (outcome.status === 'fulfilled') p.resolve(outcome.value);
          else p.reject(outcome.reason);
        });
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    queue.running = false;
    if (this.queues.get(companyId) === queue) this.queues.delete(companyId);
  }

  /** The oldest waiting writes that conflict with nothing taken before them, in arrival order. */
  private take(queue: CompanyQueue<W, R>): Array<Pending<W, R>> {
    const taken: Array<Pending<W, R>> = [];
    const left: Array<Pending<W, R>> = [];
    const keys = new Set<string>();
    for (const pending of queue.waiting) {
      const own = this.conflictKeys(pending.write);
      // A write after a deferred one with the same key must wait too, or it would overtake it.
      if (taken.length >= MAX_BATCH || own.some((key) => keys.has(key))) {
        left.push(pending);
        for (const key of own) keys.add(key);
        continue;
      }
      for (const key of own) keys.add(key);
      taken.push(pending);
    }
    queue.waiting = left;
    return taken;
  }
}
