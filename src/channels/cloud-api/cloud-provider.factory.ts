import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ChannelEvents, ChannelProviderFactory, ChannelSession, ConnectionRef } from '../channel-provider.js';
import { CloudApiSession } from './cloud-api-session.js';
import { CloudCredentialsRepository } from './cloud-credentials.repository.js';
import { CLOUD_CAPABILITIES, CLOUD_PROVIDER } from './cloud-provider.js';
import { GraphApiClient } from './graph-api.client.js';

/** WhatsApp Cloud API connections: a stateless session per connection, in any process that needs one. */
@Injectable()
export class CloudProviderFactory implements ChannelProviderFactory {
  readonly provider = CLOUD_PROVIDER;
  readonly capabilities = CLOUD_CAPABILITIES;
  readonly client = new GraphApiClient();

  constructor(private readonly credentials: CloudCredentialsRepository) {}

  create(connection: ConnectionRef, events: ChannelEvents): ChannelSession {
    return new CloudApiSession(() => this.credentials.credentials(connection.companyId, connection.id), this.client, events);
  }

  newMessageId(): string {
    return `cloud-${randomUUID()}`;
  }
}
