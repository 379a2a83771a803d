import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';

/** Loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** True for addresses inside the server's own networks (IPv4-mapped IPv6 is read as the IPv4 it carries). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** An address the server will not call (scheme, private network); its message is meant for the admin who typed it. */
export class OutboundUrlRefused extends Error {
  override name = 'OutboundUrlRefused';
}

export const privateNetworkRefusal = (host: string): OutboundUrlRefused =>
  new OutboundUrlRefused(`${host} is a private network address, which this server does not call`);

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution, injectable so tests can play a DNS server that changes its answer (rebinding). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A host name without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, '');

/**
 * The `lookup` the sockets use: every address the name resolves to is checked, and the socket connects only to
 * those addresses. A name with any private address is refused as a whole, like the check made before the request.
 */
function publicLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.some((entry) => isPrivateAddress(entry.address))) return callback(privateNetworkRefusal(hostname), '', 0);
        const wanted = options.family ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (!wanted.length) {
          return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '', 0);
        }
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * An undici Agent that connects only to public addresses: the address checked is the address dialled, so a name
 * that resolved to a public address for the check and to a private one for the connection (DNS rebinding) is
 * refused. IP literals, which sockets do not resolve, are checked here too.
 */
export function publicOnlyAgent(resolve: Resolver = systemResolver, options: Omit<Agent.Options, 'connect'> = {}): Agent {
  const dial = buildConnector({ lookup: publicLookup(resolve) });
  return new Agent({
    ...options,
    connect: (target, callback) => {
      const host = bareHost(target.hostname);
      if (isIP(host) && isPrivateAddress(host)) {
        callback(privateNetworkRefusal(host), null);
        return;
      }
      dial(target, callback);
    },
  });
}
