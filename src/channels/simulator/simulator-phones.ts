import { Injectable } from '@nestjs/common';
import { appError } from '../../common/errors/app-error.js';
import { ChannelManager } from '../channel-manager.js';
import { SimulatorProviderFactory } from './simulator-provider.factory.js';
import type { SimulatorSession } from './simulator-session.js';

/**
 * The simulated phone a dev route talks to. When this process runs no connected one for the connection but the
 * connection should be running and is between two processes (its worker died, or it is starting or reconnecting
 * here), the phone is told 503 ERR_SERVICE_UNAVAILABLE with Retry-After, as WhatsApp would keep the message and
 * deliver it again, instead of "not initialised".
 */
@Injectable()
export class SimulatorPhones {
  constructor(
    private readonly simulator: SimulatorProviderFactory,
    private readonly channels: ChannelManager,
  ) {}

  async phone(companyId: number, connectionId: number): Promise<SimulatorSession> {
    let session: SimulatorSession | null = null;
    let absent: unknown = null;
    try {
      session = this.simulator.session(companyId, connectionId);
      if (session.isConnected) return session;
    } catch (error) {
      absent = error;
    }
    if (await this.channels.betweenOwners(companyId, connectionId).catch(() => false)) {
      throw appError('ERR_SERVICE_UNAVAILABLE', 'The connection is moving between server processes; send it again in a moment');
    }
    if (session) return session;
    throw absent;
  }
}
