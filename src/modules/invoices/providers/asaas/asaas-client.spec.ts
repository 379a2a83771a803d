import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIME_FACTOR } from '../../../../../test/utils/time.js';
import { AsaasApiError, AsaasClient } from './asaas-client.js';

describe('AsaasClient answers', () => {
  let server: Server;
  let baseUrl = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/v3/customers/cus_1') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"cus_1"}');
      if (req.url === '/v3/payments') return void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"data":"${'x'.repeat(3 * 1024 * 1024)}"}`);
      // Headers, then a body that never ends.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a JSON answer', async () => {
    expect(await new AsaasClient(baseUrl, 'key', 5000 * TIME_FACTOR).request('GET', '/customers/cus_1')).toEqual({ id: 'cus_1' });
  });

  it('refuses an answer over 2 MB', async () => {
    const failure = new AsaasClient(baseUrl, 'key', 5000 * TIME_FACTOR).request('GET', '/payments');
    await expect(failure).rejects.toThrow(AsaasApiError);
    await expect(failure).rejects.toThrow('Asaas GET /payments answered more than 2 MB');
  });

  it('ends a body that trickles in at the deadline', async () => {
    const timeoutMs = 500 * TIME_FACTOR;
    await expect(new AsaasClient(baseUrl, 'key', timeoutMs).request('GET', '/slow')).rejects.toThrow(`Asaas GET /slow timed out after ${timeoutMs} ms`);
  });
});
