import { reconnectDelayMs } from './reconnect-policy.js';

/**
 * The pending reconnects of this process's sessions: one timer per connection, and the attempts since it last
 * connected, which set the backoff (reconnect-policy.ts).
 */
export class ReconnectTimers {
  private readonly attempts = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  /** Runs `reconnect` after the backoff of the next attempt; answers that delay. */
  schedule(connectionId: number, reconnect: () => void): number {
    this.cancel(connectionId);
    const attempt = this.attempts.get(connectionId) ?? 0;
    this.attempts.set(connectionId, attempt + 1);
    const delay = reconnectDelayMs(attempt);
    const timer = setTimeout(() => {
      this.timers.delete(connectionId);
      reconnect();
    }, delay);
    timer.unref();
    this.timers.set(connectionId, timer);
    return delay;
  }

  /** The session connected: the next close starts the backoff over. */
  connected(connectionId: number): void {
    this.attempts.delete(connectionId);
  }

  pending(connectionId: number): boolean {
    return this.timers.has(connectionId);
  }

  cancel(connectionId: number): void {
    const timer = this.timers.get(connectionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(connectionId);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
