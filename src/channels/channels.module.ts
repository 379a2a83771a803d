import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { BaileysProviderFactory } from './baileys/baileys-provider.factory.js';
import { ChannelAuthKeysRepository } from './channel-auth-keys.repository.js';
import { CHANNEL_PROVIDERS } from './channel-provider.js';
import { CloudCredentialsRepository } from './cloud-api/cloud-credentials.repository.js';
import { CloudFakePhone } from './cloud-api/cloud-fake-phone.js';
import { CloudProviderFactory } from './cloud-api/cloud-provider.factory.js';
import { CloudWebhookController } from './cloud-api/cloud-webhook.controller.js';
import { ChannelManager } from './channel-manager.js';
import { ChannelsRepository } from './channels.repository.js';
import { ConnectionLease } from './connection-lease.js';
import { ConnectionStatusStore } from './connection-status.store.js';
import { InboxDrainers } from './inbox-drainers.js';
import { SendOutcomes } from './send-outcomes.js';
import { SessionBus } from './session-bus.js';
import { SessionCommands } from './session-commands.js';
import { SessionDirectory } from './session-directory.js';
import { SimulatorProviderFactory } from './simulator/simulator-provider.factory.js';
import { SimulatorPhoneController } from './simulator/simulator-phone.controller.js';
import { SimulatorController } from './simulator/simulator.controller.js';
import { SimulatorPhones } from './simulator/simulator-phones.js';

/** The providers and the session manager. The simulator exists only outside production. */
@Module({})
export class ChannelsModule {
  /** `imports` must provide the `INBOUND_SINK` (the messages module does); the app composes the two. */
  static forRoot(config: AppConfig, imports: ModuleMetadata['imports'] = []): DynamicModule {
    const factories = config.isProduction
      ? [BaileysProviderFactory, CloudProviderFactory]
      : [BaileysProviderFactory, CloudProviderFactory, SimulatorProviderFactory];
    return {
      module: ChannelsModule,
      global: true,
      controllers: config.isProduction ? [CloudWebhookController] : [CloudWebhookController, SimulatorController, SimulatorPhoneController],
      imports,
      providers: [
        ...factories,
        ChannelsRepository,
        ChannelAuthKeysRepository,
        CloudCredentialsRepository,
        ConnectionStatusStore,
        ConnectionLease,
        SessionBus,
        SessionDirectory,
        SessionCommands,
        ChannelManager,
        InboxDrainers,
        SendOutcomes,
        ...(config.isProduction ? [] : [SimulatorPhones, CloudFakePhone]),
        { provide: CHANNEL_PROVIDERS, inject: factories, useFactory: (...instances: unknown[]) => instances },
      ],
      exports: [
        ChannelManager,
        InboxDrainers,
        SendOutcomes,
        ConnectionStatusStore,
        ConnectionLease,
        ChannelsRepository,
        ChannelAuthKeysRepository,
        CloudCredentialsRepository,
        ...factories,
      ],
    };
  }
}
