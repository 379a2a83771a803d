import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import type { OutboundGuard } from '../../../common/http/bounded-fetch.js';
import {
  bareHost,
  isPrivateAddress,
  OutboundUrlRefused,
  privateNetworkRefusal,
  publicOnlyAgent,
  type Resolver,
  systemResolver,
} from '../../../common/http/private-network.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';

export { isPrivateAddress, OutboundUrlRefused };

/** Replaces the system's name resolution (tests play a rebinding DNS server with it). */
export const OUTBOUND_RESOLVER = Symbol('OUTBOUND_RESOLVER');

/**
 * Addresses a company admin types (webhook, Typebot, Dialogflow token URL, media links) are fetched by the server.
 * Unless the install allows private networks, they must be http(s) and resolve only to public addresses, so one
 * tenant cannot make the server call its own internal services or the cloud metadata endpoint. The check before
 * the call gives a clear refusal; the agent (`dispatcher`) checks again the address it actually connects to, so
 * a name that changes its answer between the two (DNS rebinding) is refused too. Redirects are checked hop by hop.
 */
@Injectable()
export class OutboundUrlPolicy implements OutboundGuard, OnModuleDestroy {
  private agent: Agent | undefined;
  private readonly resolve: Resolver;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(OUTBOUND_RESOLVER) resolve?: Resolver,
  ) {
    this.resolve = resolve ?? systemResolver;
  }

  get allowsPrivateNetworks(): boolean {
    return this.config.automation.allowPrivateNetworks;
  }

  /** The public-only agent, or undefined (the plain one) when the install allows private networks. Read per call: the setting is live. */
  get dispatcher(): Agent | undefined {
    if (this.allowsPrivateNetworks) return undefined;
    this.agent ??= publicOnlyAgent(this.resolve);
    return this.agent;
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
    const host = bareHost(url.hostname);
    const addresses = isIP(host) ? [host] : (await this.resolve(host).catch(() => [])).map((entry) => entry.address);
    if (!addresses.length) throw new OutboundUrlRefused(`${url.hostname} could not be resolved`);
    if (addresses.some(isPrivateAddress)) throw privateNetworkRefusal(url.hostname);
  }

  async onModuleDestroy(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    await agent?.destroy();
  }
}
