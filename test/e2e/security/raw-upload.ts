import type { Server, Socket } from 'node:net';
import { connect } from 'node:net';

import { TIME_FACTOR } from '../../utils/time.js';

export interface RawUploadResult {
  /** Status of the response, or 0 when none arrived. */
  status: number;
  headers: string;
  body: string;
  /** Bytes of body the client managed to hand to its socket before the server closed the connection. */
  sentBytes: number;
  /** The server closed the connection before the whole body was sent. */
  closedEarly: boolean;
  /** The client's port, to find the server's side of the connection. */
  localPort: number;
  /** The server sent an interim `100 Continue` before its answer. */
  continued: boolean;
}

export interface RawUploadOptions {
  path: string;
  headers?: Record<string, string>;
  field?: string;
  fileName?: string;
  contentType?: string;
  /** Size of the file part. */
  fileBytes: number;
  chunkBytes?: number;
  /** Pause between chunks: the body trickles in, as from a slow phone. */
  intervalMs?: number;
  /** Give up after this long (scaled by TEST_TIME_FACTOR). */
  timeoutMs?: number;
}

const BOUNDARY = 'rawUploadBoundary7MA4YWxkTrZu0gW';

/**
 * A multipart upload written by hand on a raw socket, chunk by chunk, so a test sees what the server does before the
 * body has arrived: when it answers, and whether it closes the connection instead of reading the rest.
 */
export function rawUpload(baseUrl: string, options: RawUploadOptions): Promise<RawUploadResult> {
  const url = new URL(baseUrl);
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${options.field ?? 'medias'}"; filename="${options.fileName ?? 'big.mp4'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'video/mp4'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + options.fileBytes + tail.length;
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunk = Buffer.alloc(chunkBytes, 0x61);
  const extra = Object.entries(options.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requestHead =
    `POST ${options.path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: ${total}\r\n${extra}\r\n`;

  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let response = '';
    let continued = false;
    let sent = 0;
    let fileSent = 0;
    let closed = false;
    let localPort = 0;
    let timer: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => socket.destroy(), (options.timeoutMs ?? 30_000) * TIME_FACTOR);

    const finish = () => {
      if (closed) return;
      closed = true;
      clearTimeout(deadline);
      if (timer) clearTimeout(timer);
      const [headers = '', body = ''] = response.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      resolve({ status, headers, body, sentBytes: sent, closedEarly: sent < total, localPort, continued });
    };
    const write = (data: Buffer) => {
      if (socket.destroyed || socket.writableEnded) return false;
      socket.write(data, () => undefined);
      sent += data.length;
      return true;
    };
    const pump = () => {
      if (closed || socket.destroyed) return;
      if (fileSent >= options.fileBytes) {
        write(tail);
        return;
      }
      // Respect back-pressure: a server that stopped reading stalls the writer here.
      if (socket.writableNeedDrain) {
        socket.once('drain', pump);
        return;
      }
      const size = Math.min(chunkBytes, options.fileBytes - fileSent);
      if (!write(size === chunkBytes ? chunk : chunk.subarray(0, size))) return;
      fileSent += size;
      timer = setTimeout(pump, options.intervalMs ?? 0);
    };

    socket.on('connect', () => {
      localPort = socket.localPort ?? 0;
      socket.write(requestHead);
      write(head);
      pump();
    });
    socket.on('data', (data) => {
      response += data.toString('latin1');
      const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
      if (response.startsWith(interim)) {
        continued = true;
        response = response.slice(interim.length);
      }
      // A complete answer on a kept-alive connection ends the exchange; one that closes is waited for.
      const [headers, body] = response.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headers ?? '')?.[1] ?? NaN);
      if (body !== undefined && body.length >= length && !/connection: close/i.test(headers ?? '')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
  });
}

/** Remembers every socket the server accepts, to read how many bytes it took from each. */
export function watchServerSockets(server: Server): { bytesReadFrom: (clientPort: number) => number; stop: () => void } {
  const sockets = new Map<number, Socket>();
  const onConnection = (socket: Socket) => sockets.set(socket.remotePort ?? 0, socket);
  server.on('connection', onConnection);
  return {
    bytesReadFrom: (clientPort) => sockets.get(clientPort)?.bytesRead ?? -1,
    stop: () => server.off('connection', onConnection),
  };
}
