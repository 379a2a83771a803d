import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIME_FACTOR } from '../../../../test/utils/time.js';
import { Agent } from 'undici';
import { boundedRequest } from '../../../common/http/bounded-fetch.js';
import { publicOnlyAgent, type Resolver } from '../../../common/http/private-network.js';
import type { AppConfig } from '../../../config/app-config.js';
import { isPrivateAddress, OutboundUrlPolicy, OutboundUrlRefused } from './outbound-url-policy.js';

const policy = (allowPrivateNetworks: boolean, resolve?: Resolver) => new OutboundUrlPolicy({ automation: { allowPrivateNetworks } } as AppConfig, resolve);

/** A DNS server that answers `first` once, then `then` (a rebinding attack on the check-then-connect gap). */
function rebinding(first: string, then: string): Resolver & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(
    async (hostname: string) => {
      calls.push(hostname);
      const address = calls.length === 1 ? first : then;
      return [{ address, family: 4 }];
    },
    { calls },
  );
}

describe('OutboundUrlPolicy', () => {
  it('knows the private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address)).toBe(true);
    }
    for (const address of ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888']) expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses private targets and other schemes when private networks are off', async () => {
    const strict = policy(false);
    for (const url of [
      'http://127.0.0.1:5678/webhook',
      'http://localhost/hook',
      'http://[::1]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/',
    ]) {
      await expect(strict.check(url)).rejects.toThrow('private network');
    }
    await expect(strict.check('file:///etc/passwd')).rejects.toThrow('Only http and https');
    await expect(strict.check('not a url')).rejects.toThrow('Not a valid address');
    await expect(strict.check('https://8.8.8.8/hook')).resolves.toBeUndefined();
  });

  it('lets a self-hosted service on the same network through when the install allows it', async () => {
    await expect(policy(true).check('http://127.0.0.1:5678/webhook')).resolves.toBeUndefined();
    await expect(policy(true).check('gopher://127.0.0.1/')).rejects.toThrow('Only http and https');
  });
});

describe('the address actually dialled', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  const limits = { label: 'Webhook', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.end('{"reply":"internal"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = 0;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('refuses at connect time a name that resolved to a public address for the check and to a private one for the connection', async () => {
    const dns = rebinding('93.184.216.34', '127.0.0.1');
    const strict = policy(false, dns);
    try {
      const error = await boundedRequest(`http://rebind.test:${port}/hook`, { method: 'POST', body: '{}' }, { ...limits, guard: strict }).then(
        () => new Error('no failure'),
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(OutboundUrlRefused);
      expect(error.message).toBe('rebind.test is a private network address, which this server does not call');
      // The first answer passed the check; the second, the one the socket would have used, was refused.
      expect(dns.calls).toEqual(['rebind.test', 'rebind.test']);
      expect(hits).toBe(0);
    } finally {
      await strict.onModuleDestroy();
    }
  });

  it('(control) a check made only before the call lets the same DNS answers reach the internal server', async () => {
    const dns = rebinding('93.184.216.34', '127.0.0.1');
    const strict = policy(false, dns);
    // What fetch did before: check the name, then let the socket resolve it again, unchecked.
    const unpinned = new Agent({
      connect: {
        lookup: (host, options, callback) =>
          void dns(host).then((entries) => (options.all ? callback(null, entries) : callback(null, entries[0]!.address, entries[0]!.family))),
      },
    });
    try {
      const answer = await boundedRequest(
        `http://rebind.test:${port}/hook`,
        {},
        { ...limits, guard: { check: (url) => strict.check(url), dispatcher: unpinned } },
      );
      expect(answer.status).toBe(200);
      expect(hits).toBe(1);
    } finally {
      await unpinned.destroy();
    }
  });

  it('refuses private IP literals in the agent itself, whatever was checked before', async () => {
    const agent = publicOnlyAgent(rebinding('127.0.0.1', '127.0.0.1'));
    const unchecked = { check: async () => undefined, dispatcher: agent };
    try {
      for (const url of [`http://127.0.0.1:${port}/`, `http://named.test:${port}/`]) {
        await expect(boundedRequest(url, {}, { ...limits, guard: unchecked })).rejects.toThrow('is a private network address');
      }
      expect(hits).toBe(0);
    } finally {
      await agent.destroy();
    }
  });

  it('dials the same addresses through the plain agent when the install allows private networks', async () => {
    const open = policy(true, rebinding('127.0.0.1', '127.0.0.1'));
    const answer = await boundedRequest(`http://127.0.0.1:${port}/hook`, {}, { ...limits, guard: open });
    expect(answer.status).toBe(200);
    expect(hits).toBe(1);
    expect(open.dispatcher).toBeUndefined();
  });
});
