import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { INTEGRATION_TYPES, type IntegrationType } from '../queue-integration.entity.js';
import { CreateQueueIntegrationDto } from './create-queue-integration.dto.js';

/** A configuration to try before saving it (the dialog's test button). */
export class TestSessionDto extends PickType(CreateQueueIntegrationDto, ['projectName', 'jsonContent', 'language', 'urlN8N', 'typebotSlug'] as const) {
  @ApiPropertyOptional({ enum: INTEGRATION_TYPES, default: 'dialogflow' })
  @IsOptional()
  @IsIn(INTEGRATION_TYPES)
  type?: IntegrationType;
}
