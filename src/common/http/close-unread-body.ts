import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection stays half-open after such a response, so the client reads it before the reset. */
const LINGER_MS = 1000;

const hasBody = (req: Request): boolean => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Node answers a request whose body was not read by reading (and discarding) all of it, to keep the connection
 * alive. Here the connection is closed instead: nothing more is read, the response goes out with `Connection:
 * close` and a FIN, and the socket is dropped a moment later, so a client still writing sees the answer rather
 * than a reset.
 */
function lingerWithoutReading(req: Request): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  (req as unknown as { _dump: () => void })._dump = () => undefined;
  req.pause();
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** A response written before its request body was read (a 401 in front of an upload, a 413 past a limit). */
export function closeUnreadBody(req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!req.complete && hasBody(req)) {
      this.setHeader('Connection', 'close');
      lingerWithoutReading(req);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  next();
}

/**
 * A client that asks `Expect: 100-continue` (curl does for large bodies) is told to send its body only when the
 * route starts reading it: a request refused by authentication gets its 401 without the body ever being sent.
 */
export function continueOnRead(server: Server): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    req.once('resume', () => {
      if (!res.headersSent) res.writeContinue();
    });
    server.emit('request', req, res);
  });
}
