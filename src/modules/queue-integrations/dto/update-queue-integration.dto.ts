import { PartialType } from '@nestjs/swagger';
import { CreateQueueIntegrationDto } from './create-queue-integration.dto.js';

/** Every field optional; an absent jsonContent keeps the stored credentials. */
export class UpdateQueueIntegrationDto extends PartialType(CreateQueueIntegrationDto, { skipNullProperties: false }) {}
