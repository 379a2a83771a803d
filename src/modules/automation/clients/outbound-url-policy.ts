import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';

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

export class OutboundUrlRefused extends Error {}

/**
 * Addresses a company admin types (webhook, Typebot, Dialogflow token URL, media links) are fetched by the server.
 * Unless the install allows private networks, they must be http(s) and resolve only to public addresses, so one
 * tenant cannot make the server call its own internal services or the cloud metadata endpoint.
 */
@Injectable()
export class OutboundUrlPolicy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get allowsPrivateNetworks(): boolean {
    return this.config.automation.allowPrivateNetworks;
  }

  async check(raw: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundUrlRefused(`Not a valid address: ${raw}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlRefused(`Only http and https addresses are allowed: ${url.protocol}`);
    if (this.allowsPrivateNetworks) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
    if (!addresses.length) throw new OutboundUrlRefused(`${url.hostname} could not be resolved`);
    if (addresses.some(isPrivateAddress)) throw new OutboundUrlRefused(`${url.hostname} is a private network address, which this server does not call`);
  }
}
