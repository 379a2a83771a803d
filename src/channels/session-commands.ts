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
}

export type CommandExecutor = (command: SessionCommand) => Promise<unknown>;

const DEFAULT_TIMEOUT_MS = 30_000;
const OWNER_POLL_MS = 100;
/** Commands any session process may take (starting a connection nobody runs): the first to claim it does. */
const ANY = 'cmd:any';

/**
 * Request/reply over Redis pub/sub to the process that holds a connection's lease, so any API process can serve any
 * request. A command is published only to a process that listens: while nobody holds the lease (its worker died and
 * the lease has not moved yet) the caller waits up to one lease TTL plus one sweep, then fails with
 * ERR_WAPP_NOT_INITIALIZED; a command that reached its worker is never sent twice (a send would go out twice), and
 * one that gets no answer in SESSION_COMMAND_TIMEOUT_MS fails with ERR_SERVICE_UNAVAILABLE.
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

  /**
   * Sends a command to the process that runs the connection. `orAny`: when nobody runs it, the first session process
   * that claims the command does (starting a session).
   */
  async call(command: SessionCommand, orAny = false): Promise<unknown> {
    await this.listenForReplies();
    const reqId = randomUUID();
    const request: Request = { ...command, reqId, replyTo: this.replyTo };
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(reqId, { resolve, reject }));
    answer.catch(() => undefined);
    const { leaseTtlMs, sweepIntervalMs } = this.config.channels;
    const deadline = Date.now() + leaseTtlMs + sweepIntervalMs;
    try {
      for (;;) {
        const owner = await this.redis.get(this.lease.key(command.connectionId));
        const target = owner ? `cmd:${owner}` : orAny ? ANY : null;
        if (target && (await this.bus.publish(target, request)) > 0) break;
        if (Date.now() >= deadline) {
          throw owner || !orAny
            ? appError('ERR_WAPP_NOT_INITIALIZED', 'No server process runs this connection')
            : appError('ERR_SERVICE_UNAVAILABLE', 'No worker process is running (ROLE=worker)');
        }
        await new Promise((resolve) => setTimeout(resolve, OWNER_POLL_MS));
      }
    } catch (error) {
      this.pending.delete(reqId);
      throw error;
    }
    const pending = this.pending.get(reqId);
    if (pending) {
      pending.timer = setTimeout(() => {
        this.pending.delete(reqId);
        pending.reject(appError('ERR_SERVICE_UNAVAILABLE', `The worker running connection ${command.connectionId} did not answer ${command.op} in time`));
      }, this.timeoutMs());
    }
    return answer;
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
    await this.redis.set(`channels:blob:${id}`, bytes, 'PX', this.timeoutMs());
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
      clearTimeout(pending.timer);
      pending.reject(appError('ERR_SERVICE_UNAVAILABLE', 'The server is stopping'));
      this.pending.delete(reqId);
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
    this.pending.delete(reply.reqId);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(appError(reply.code as ErrorCode, reply.message, reply.extra));
  }
}
