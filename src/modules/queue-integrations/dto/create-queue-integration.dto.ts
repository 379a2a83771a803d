import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { emptyToNull, trim } from '../../../common/dto/field-transforms.js';
import { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES, type IntegrationType } from '../queue-integration.entity.js';
import { Nullable } from '../../../common/dto/nullable.js';

const trimToNull = ({ value }: { value: unknown }) => emptyToNull({ value: trim({ value }) });

/** Which fields a type needs is checked in the service (queue-integration-rules.ts), on the merged record. */
export class CreateQueueIntegrationDto {
  @ApiProperty({ enum: INTEGRATION_TYPES })
  @IsIn(INTEGRATION_TYPES)
  type!: IntegrationType;

  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField(2, 50)
  name!: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'Dialogflow project id; for other types the name is used' })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(255)
  projectName?: string | null;

  @ApiPropertyOptional({ description: 'Dialogflow service-account JSON; returned to admins only' })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(20000)
  jsonContent?: string | null;

  @ApiPropertyOptional({ enum: DIALOGFLOW_LANGUAGES })
  @Transform(emptyToNull)
  @Nullable()
  @IsIn(DIALOGFLOW_LANGUAGES)
  language?: string | null;

  @ApiPropertyOptional({ maxLength: 1000, description: 'n8n/webhook URL, or the Typebot server base URL' })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(1000)
  urlN8N?: string | null;

  @ApiPropertyOptional({ maxLength: 255 })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(255)
  typebotSlug?: string | null;

  @ApiPropertyOptional({ default: 1000, minimum: 0, maximum: 60000, description: 'Milliseconds between Typebot messages' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60000)
  typebotDelayMessage?: number;

  @ApiPropertyOptional({ default: 1, minimum: 0, maximum: 1440, description: 'Minutes a session lives without messages; 0 never expires' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1440)
  typebotExpires?: number;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(100)
  typebotKeywordFinish?: string | null;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(100)
  typebotKeywordRestart?: string | null;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(5000)
  typebotRestartMessage?: string | null;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(5000)
  typebotUnknownMessage?: string | null;
}
