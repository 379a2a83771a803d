import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../infra/redis/redis.tokens.js';
import { AppError, appError } from '../common/errors/app-error.js';
import type { ErrorCode } from '../shared/error-codes.js';
import { ConnectionLease } from './connection-lease.js';
import { SessionBus } from './session-bus.js';

/** What one process asks the process that runs a connection's session. */
export interface SessionCommand {
  op: string;
  companyId: number;
  connectionId: number;
  args: unknown[];
}

interface Request extends SessionCommand {
  reqId: string;
  replyTo: string;
}

type Reply = { reqId: string; ok: true; value: unknown } | { reqId: string; ok: false; code: string; message: string; extra?: Record<string, unknown> };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  /** Watches the process the command went to (see `watchOwner`). */
  watch?: NodeJS.Timeout;
  /** When the timeout first found the command under way (it could not be cancelled any more). */
  runningSince?: number;
}

export interface CallOptions {
  /** When nobody runs the connection, the first session process that claims the command does (starting a session). */
  orAny?: boolean;
  /**
   * Running the command twice does what running it once does (a send under the message id fixed before it, an edit,
   * a read): when the process running it dies first, it goes again to the process that takes the connection over.
   */
  idempotent?: boolean;
}

export type CommandExecutor = (command: SessionCommand) => Promise<unknown>;

const DEFAULT_TIMEOUT_MS = 30_000;
const OWNER_POLL_MS = 100;
/** How often a caller checks that the process running its command is still alive. */
const OWNER_WATCH_MS = 250;
/** A command under way whose answer does not come is given up after this many more timeouts (its outcome is unknown). */
const RUNNING_TIMEOUTS = 2;
/** Commands any session process may take (starting a connection nobody runs): the first to claim it does. */
const ANY = 'cmd:any';
/** The claim of a command: the process that runs it, or CANCELLED once its caller gave up before anyone started it. */
const CANCELLED = 'cancelled';
/** Removes a claim only if the process that wrote it holds it (it died; the command goes to the next one). */
const UNCLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Request/reply over Redis pub/sub to the process that holds a connection's lease, so any API process can serve any
 * request. A command is published only to a process that listens: while nobody holds the lease (its worker died and
 * the lease has not moved yet) the caller waits up to one lease TTL plus two sweeps, then fails with
 * ERR_WAPP_NOT_INITIALIZED.
 *
 * What the caller is told is what happened: a process runs a command only after claiming it in Redis (SET NX), and a
 * caller whose SESSION_COMMAND_TIMEOUT_MS passes cancels it the same way. If the cancel wins, nobody will run it and
 * the caller gets ERR_SERVICE_UNAVAILABLE; if the command is already under way, the caller waits for its answer
 * instead (up to RUNNING_TIMEOUTS more timeouts, then ERR_SERVICE_UNAVAILABLE saying it may have been carried out).
 * When the process running a command dies before answering (its pub/sub connection is gone), an idempotent command
 * (a send under its fixed message id, which WhatsApp keeps once) goes again to the process that takes the connection
 * over, with a timeout of its own once delivered; any other command fails at once with ERR_SERVICE_UNAVAILABLE.
 */
@Injectable()
export class SessionCommands implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionCommands');
  private readonly pending = new Map<string, Pending>();
  private readonly replyTo = `reply:${randomUUID()}`;
  private listening: Promise<void> | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: SessionBus,
    private readonly lease: ConnectionLease,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * This process runs sessions: it answers the commands sent to it and those sent to any, each once it claimed it
   * (a command its caller cancelled, or another process claimed, is left alone).
   */
  async serve(execute: CommandExecutor): Promise<void> {
    const handle = (message: unknown) => {
      const request = message as Request;
      void this.redis
        .set(this.claimKey(request.reqId), this.lease.owner, 'PX', this.claimTtlMs(), 'NX')
        .then(async (claimed) => {
          if (claimed === 'OK') await this.answer(request, execute);
        })
        .catch((e: unknown) => this.logger.warn(`claim ${request.op} ${request.connectionId}: ${String(e)}`));
    };
    await this.bus.subscribe(`cmd:${this.lease.owner}`, handle);
    await this.bus.subscribe(ANY, handle);
  }

  /** Whether the process that wrote this lease holder id is alive (it listens for its commands). */
  async ownerAlive(owner: string): Promise<boolean> {
    return (await this.bus.listeners(`cmd:${owner}`)) > 0;
  }

  /** Sends a command to the process that runs the connection and answers what that process answered. */
  async call(command: SessionCommand, options: CallOptions = {}): Promise<unknown> {
    await this.listenForReplies();
    const reqId = randomUUID();
    const request: Request = { ...command, reqId, replyTo: this.replyTo };
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(reqId, { resolve, reject }));
    answer.catch(() => undefined);
    let owner: string | null;
    try {
      owner = await this.deliver(request, options.orAny ?? false, () => this.pending.has(reqId));
    } catch (error) {
      this.pending.delete(reqId);
      throw error;
    }
    const pending = this.pending.get(reqId);
    if (pending) {
      this.armTimeout(reqId, pending, request);
      if (owner) this.watchOwner(reqId, pending, request, owner, options.idempotent ?? false);
    }
    return answer;
  }

  /**
   * Publishes the request to the process holding the lease (or, `orAny`, to whichever claims it), waiting up to one
   * lease TTL plus two sweeps for one to listen (a dead holder's lease expires, then a sweep starts the session
   * elsewhere). Answers the owner it went to (null: to any, or nowhere because the caller no longer `wants` it).
   */
  private async deliver(request: Request, orAny: boolean, wanted: () => boolean): Promise<string | null> {
    const { leaseTtlMs, sweepIntervalMs } = this.config.channels;
    const deadline = Date.now() + leaseTtlMs + 2 * sweepIntervalMs;
    for (;;) {
      if (!wanted()) return null;
      const owner = await this.redis.get(this.lease.key(request.connectionId));
      const target = owner ? `cmd:${owner}` : orAny ? ANY : null;
      if (target && (await this.bus.publish(target, request)) > 0) return owner;
      if (Date.now() >= deadline) {
        throw owner || !orAny
          ? appError('ERR_WAPP_NOT_INITIALIZED', 'No server process runs this connection')
          : appError('ERR_SERVICE_UNAVAILABLE', 'No worker process is running (ROLE=worker)');
      }
      await new Promise((resolve) => setTimeout(resolve, OWNER_POLL_MS));
    }
  }

  private armTimeout(reqId: string, pending: Pending, request: Request): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => void this.timedOut(reqId, pending, request), this.timeoutMs());
  }

  /** No answer in time: cancelled if nobody started it (then it never runs), otherwise awaited a while longer. */
  private async timedOut(reqId: string, pending: Pending, request: Request): Promise<void> {
    const cancelled = await this.cancel(request.reqId).catch(() => false);
    if (this.pending.get(reqId) !== pending) return;
    const { connectionId, op } = request;
    if (cancelled) {
      this.forget(reqId, pending);
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${connectionId} did not take ${op} in time; it was not carried out`));
      return;
    }
    pending.runningSince ??= Date.now();
    if (Date.now() - pending.runningSince >= RUNNING_TIMEOUTS * this.timeoutMs()) {
      this.forget(reqId, pending);
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${connectionId} did not answer ${op}; it may have been carried out`));
      return;
    }
    this.armTimeout(reqId, pending, request);
  }

  /**
   * While the answer is awaited, checks that `owner` still listens. Once it does not (it died), an idempotent request
   * is delivered again to the next owner, with a fresh timeout; any other fails now instead of at the timeout.
   */
  private watchOwner(reqId: string, pending: Pending, request: Request, owner: string, idempotent: boolean): void {
    let checking = false;
    pending.watch = setInterval(() => {
      if (checking) return;
      checking = true;
      void this.bus
        .listeners(`cmd:${owner}`)
        .then(async (listening) => {
          if (listening > 0 || !this.pending.has(reqId)) return;
          clearInterval(pending.watch);
          await this.ownerGone(reqId, pending, request, owner, idempotent);
        })
        .catch((e: unknown) => this.logger.warn(`watching ${request.op}: ${String(e)}`))
        .finally(() => (checking = false));
    }, OWNER_WATCH_MS);
    pending.watch.unref();
  }

  private async ownerGone(reqId: string, pending: Pending, request: Request, owner: string, idempotent: boolean): Promise<void> {
    const { connectionId, op } = request;
    // Finding the next owner has its own deadline (deliver); the timeout starts again once it has the command.
    clearTimeout(pending.timer);
    if (!idempotent) {
      const cancelled = await this.cancel(request.reqId).catch(() => false);
      if (this.pending.get(reqId) !== pending) return;
      this.forget(reqId, pending);
      const outcome = cancelled ? 'before carrying it out' : 'while carrying it out';
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${connectionId} stopped ${outcome} (${op})`));
      return;
    }
    this.logger.warn(`${op} on connection ${connectionId}: its worker stopped before answering; sending it to the next one`);
    try {
      await this.redis.eval(UNCLAIM, 1, this.claimKey(request.reqId), owner);
      const next = await this.deliver(request, false, () => this.pending.get(reqId) === pending);
      if (this.pending.get(reqId) !== pending) return;
      pending.runningSince = undefined;
      this.armTimeout(reqId, pending, request);
      if (next) this.watchOwner(reqId, pending, request, next, idempotent);
    } catch (error) {
      if (this.pending.get(reqId) !== pending) return;
      this.forget(reqId, pending);
      pending.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Claims the command for nobody: true when no process had started it (none will). */
  private async cancel(reqId: string): Promise<boolean> {
    return (await this.redis.set(this.claimKey(reqId), CANCELLED, 'PX', this.claimTtlMs(), 'NX')) === 'OK';
  }

  private claimKey(reqId: string): string {
    return `channels:claim:${reqId}`;
  }

  /** A claim outlives every wait of its caller. */
  private claimTtlMs(): number {
    const { leaseTtlMs, sweepIntervalMs } = this.config.channels;
    return (RUNNING_TIMEOUTS + 2) * this.timeoutMs() + leaseTtlMs + 2 * sweepIntervalMs;
  }

  private forget(reqId: string, pending: Pending): void {
    this.pending.delete(reqId);
    clearTimeout(pending.timer);
    clearInterval(pending.watch);
  }

  /** Subscribes once to this process's reply channel (again after a failed attempt). */
  private listenForReplies(): Promise<void> {
    if (!this.listening) {
      this.listening = this.bus.subscribe(this.replyTo, (message) => this.settle(message as Reply));
      this.listening.catch(() => (this.listening = null));
    }
    return this.listening;
  }

  /** Keeps media bytes for a command that names them; answers the id. */
  async stash(bytes: Buffer): Promise<string> {
    const id = randomUUID();
    // Kept while the send may still go to a worker that takes the connection over (see `watchOwner`).
    await this.redis.set(`channels:blob:${id}`, bytes, 'PX', this.claimTtlMs());
    return id;
  }

  async take(id: string): Promise<Buffer> {
    const bytes = await this.redis.getBuffer(`channels:blob:${id}`);
    if (!bytes) throw appError('ERR_SENDING_WAPP_MSG', 'The media of this send expired before the worker read it');
    return bytes;
  }

  async drop(id: string): Promise<void> {
    await this.redis.del(`channels:blob:${id}`).catch(() => undefined);
  }

  onApplicationShutdown(): void {
    for (const [reqId, pending] of this.pending) {
      this.forget(reqId, pending);
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', 'The server is stopping'));
    }
  }

  private timeoutMs(): number {
    return this.config.channels.commandTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private async answer(request: Request, execute: CommandExecutor): Promise<void> {
    let reply: Reply;
    try {
      reply = { reqId: request.reqId, ok: true, value: (await execute(request)) ?? null };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { reqId: request.reqId, ok: false, code: error.code, message: error.message, extra: error.extra }
          : { reqId: request.reqId, ok: false, code: 'ERR_INTERNAL', message: error instanceof Error ? error.message : String(error) };
    }
    await this.bus.publish(request.replyTo, reply).catch((e: unknown) => this.logger.warn(`reply ${request.op}: ${String(e)}`));
  }

  private settle(reply: Reply): void {
    const pending = this.pending.get(reply.reqId);
    if (!pending) return;
    this.forget(reply.reqId, pending);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(appError(reply.code as ErrorCode, reply.message, reply.extra));
  }
}
