import type { ChannelSession, ConnectionRef } from './channel-provider.js';

/** One session running in this process; the provider session is attached right after the events that reference it exist. */
export class LiveSession {
  session!: ChannelSession;
  provider = '';
  /** The fencing token this session took (see ChannelAuthKeysRepository.takeFence). */
  fence = '';
  connected = false;
  /** Shows a QR code or pairing code: it waits for a person, not for a process. */
  linking = false;
  qrCount = 0;
  stopping = false;
  /** Resolves when the session first connects or ends (what a replay waits for before the bot may answer). */
  readonly settled: Promise<void>;
  settle!: () => void;

  constructor(readonly ref: ConnectionRef) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /** Resolves once the session connected or ended, or after `ms` (whichever comes first). */
  settledWithin(ms: number): Promise<void> {
    return Promise.race([this.settled, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
  }
}
