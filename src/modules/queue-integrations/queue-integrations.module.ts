import { Module } from '@nestjs/common';
import { AutomationClientsModule } from '../automation/clients/automation-clients.module.js';
import { IntegrationTestService } from './integration-test.service.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';
import { QueueIntegrationEvents } from './queue-integrations.events.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';

@Module({
  imports: [AutomationClientsModule],
  controllers: [QueueIntegrationsController],
  providers: [QueueIntegrationsService, IntegrationTestService, QueueIntegrationEvents],
  exports: [QueueIntegrationsService],
})
export class QueueIntegrationsModule {}
