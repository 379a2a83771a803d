import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { emptyToNull, trim } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

type Input = { value: unknown };
const trimToNull = ({ value }: Input) => emptyToNull({ value: trim({ value }) });

/**
 * The fields a prompt shares between create and update; the API key differs (required, then optional). The model
 * settings (voice, maxTokens, temperature, maxMessages, model) take null, or '' for the texts, as "back to the default".
 */
export class PromptFieldsDto {
  @ApiProperty({ minLength: 2, maxLength: 100 })
  @NameField(2, 100)
  name!: string;

  @ApiProperty({ description: 'The system text of the assistant', maxLength: 20000 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(20000)
  prompt!: string;

  /** Required at submit: missing or null answers ERR_PROMPT_QUEUE_REQUIRED ('Informe o setor'), which the browser shows. */
  @ApiProperty({ description: 'The queue a transfer hands the ticket to' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(1)
  queueId?: number | null;

  @ApiPropertyOptional({ default: 'texto', description: "'texto' answers in text; otherwise a neural voice name" })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(100)
  voice?: string | null;

  /** Write-only, like the API key: an empty value keeps the stored key, null clears it. */
  @ApiPropertyOptional({ writeOnly: true, maxLength: 1000 })
  @Nullable()
  @IsString()
  @MaxLength(1000)
  voiceKey?: string | null;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(100)
  voiceRegion?: string | null;

  @ApiPropertyOptional({ default: 100, minimum: 10, maximum: 4096 })
  @Nullable()
  @IsInt()
  @Min(10)
  @Max(4096)
  maxTokens?: number | null;

  @ApiPropertyOptional({ default: 1, minimum: 0, maximum: 2 })
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(2)
  temperature?: number | null;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 50, description: 'How many of the last ticket messages the model sees' })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(50)
  maxMessages?: number | null;

  @ApiPropertyOptional({ default: 'gpt-4o-mini', maxLength: 100 })
  @Transform(trimToNull)
  @Nullable()
  @IsString()
  @MaxLength(100)
  model?: string | null;
}

export class CreatePromptDto extends PromptFieldsDto {
  @ApiProperty({ writeOnly: true, maxLength: 500, description: 'Sent to the model provider only; never returned' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  apiKey!: string;
}
