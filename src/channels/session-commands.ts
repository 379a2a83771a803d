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
/** Commands any session process may take (starting a connection nobody runs): the first to claim it does. */
const ANY = 'cmd:any';

/**
 * Request/reply over Redis pub/sub to the process that holds a connection's lease, so any API process can serve any
 * request. A command is published only to a process that listens: while nobody holds the lease (its worker died and
 * the lease has not moved yet) the caller waits up to one lease TTL plus one sweep, then fails with
 * ERR_WAPP_NOT_INITIALIZED. When the worker running a command dies before answering (its pub/sub connection is gone),
 * an idempotent command (a send under its fixed message id, which WhatsApp keeps once) goes again to the worker that
 * takes the connection over, so nothing the caller was told is lost; any other command fails at once with
 * ERR_SERVICE_UNAVAILABLE. A command that gets no answer in SESSION_COMMAND_TIMEOUT_MS fails with the same code.
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

  /** This process runs sessions: it answers the commands sent to it (and claims those sent to any). */
  async serve(execute: CommandExecutor): Promise<void> {
    const handle = (request: Request) => void this.answer(request, execute);
    await this.bus.subscribe(`cmd:${this.lease.owner}`, (message) => handle(message as Request));
    await this.bus.subscribe(ANY, (message) => {
      const request = message as Request;
      void this.redis
        .set(`channels:claim:${request.reqId}`, this.lease.owner, 'PX', this.timeoutMs(), 'NX')
        .then((claimed) => claimed === 'OK' && handle(request))
        .catch((e: unknown) => this.logger.warn(`claim ${request.op} ${request.connectionId}: ${String(e)}`));
    });
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
      owner = await this.deliver(request, options.orAny ?? false);
    } catch (error) {
      this.pending.delete(reqId);
      throw error;
    }
    const pending = this.pending.get(reqId);
    if (pending) {
      this.armTimeout(reqId, pending, command);
      if (owner) this.watchOwner(reqId, pending, request, owner, options.idempotent ?? false);
    }
    return answer;
  }

  /**
   * Publishes the request to the process holding the lease (or, `orAny`, to whichever claims it), waiting up to one
   * lease TTL plus one sweep for one to listen. Answers the owner it went to (null: to any).
   */
  private async deliver(request: Request, orAny: boolean): Promise<string | null> {
    const { leaseTtlMs, sweepIntervalMs } = this.config.channels;
    const deadline = Date.now() + leaseTtlMs + sweepIntervalMs;
    for (;;) {
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

  private armTimeout(reqId: string, pending: Pending, command: SessionCommand): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => {
      this.forget(reqId, pending);
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${command.connectionId} did not answer ${command.op} in time`));
    }, this.timeoutMs());
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
          if (!idempotent) {
            this.forget(reqId, pending);
            pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${request.connectionId} stopped during ${request.op}`));
            return;
          }
          this.logger.warn(`${request.op} on connection ${request.connectionId}: its worker stopped before answering; sending it to the next one`);
          try {
            const next = await this.deliver(request, false);
            if (!this.pending.has(reqId)) return;
            this.armTimeout(reqId, pending, request);
            if (next) this.watchOwner(reqId, pending, request, next, idempotent);
          } catch (error) {
            this.forget(reqId, pending);
            pending.reject(error instanceof Error ? error : new Error(String(error)));
          }
        })
        .catch((e: unknown) => this.logger.warn(`watching ${request.op}: ${String(e)}`))
        .finally(() => (checking = false));
    }, OWNER_WATCH_MS);
    pending.watch.unref();
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
    const { leaseTtlMs, sweepIntervalMs } = this.config.channels;
    await this.redis.set(`channels:blob:${id}`, bytes, 'PX', 2 * this.timeoutMs() + leaseTtlMs + sweepIntervalMs);
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
