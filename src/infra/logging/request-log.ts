import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AUTH_CONTEXT_KEY } from '../../common/request-keys.js';
import { bootNoiseHook } from './boot-noise.js';
import { loggedRequest } from './redact-url.js';

const REQUEST_ID_HEADER = 'x-request-id';
const INCOMING_ID = /^[\w.:-]{1,64}$/;

/** A proxy's request id is kept (one id across the hops); otherwise one unique across processes. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Who asked, once the guard has resolved it (the line is written when the response finishes). */
function requestIdentity(req: IncomingMessage): { companyId?: number; userId?: number } {
  const auth = (req as IncomingMessage & { [AUTH_CONTEXT_KEY]?: AuthContext })[AUTH_CONTEXT_KEY];
  return auth ? { companyId: auth.companyId, userId: auth.userId } : {};
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The level of a request's line: errors and refusals always; a successful read only for the sampled share (the lists
 * an attendant's screen reads many times a minute), so logging costs little at a thousand requests a second.
 */
export function requestLogLevel(sample: number, random: () => number = Math.random) {
  return (req: IncomingMessage, res: ServerResponse, error?: Error): 'error' | 'warn' | 'info' | 'silent' => {
    if (error || res.statusCode >= 500) return 'error';
    if (res.statusCode >= 400) return 'warn';
    if (sample < 1 && READS.has(req.method ?? '') && random() >= sample) return 'silent';
    return 'info';
  };
}

/**
 * One short JSON line per request: id, method, redacted URL, status, time, company and user. Headers are left out
 * (they were ~1.5 KB of every line and carry credentials); bodies are never logged.
 */
export function requestLogOptions(level: string, sample = 1): Options {
  return {
    level,
    customLogLevel: requestLogLevel(sample),
    hooks: bootNoiseHook(level),
    genReqId: requestId,
    customProps: requestIdentity,
    serializers: {
      req: loggedRequest,
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' },
  };
}
