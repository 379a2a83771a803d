import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  NotContains,
  ValidateNested,
} from 'class-validator';
import { nullToEmpty, trim } from '../../../common/dto/field-transforms.js';
import { INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from '../../../shared/campaigns.js';
import { MAX_CAMPAIGN_VARIABLES, QUIET_HOUR_PATTERN, VARIABLE_KEY_PATTERN } from '../campaign-settings.rules.js';

/** Selects may send their numbers as text. */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class CampaignVariableDto {
  @ApiProperty({ maxLength: 40, example: 'empresa', description: 'letters, digits, _ and -; not nome, numero or email' })
  @Transform(trim)
  @IsString()
  @Matches(VARIABLE_KEY_PATTERN, { message: 'key must be 1 to 40 letters, digits, _ or -' })
  key!: string;

  @ApiProperty({ maxLength: 1000, example: 'Loja Central' })
  @IsString()
  @MaxLength(1000)
  value!: string;
}

/** POST /campaign-settings: any subset of the settings; the rest stays as it is. */
export class SaveCampaignSettingsDto {
  @ApiPropertyOptional({ enum: MESSAGE_INTERVAL_OPTIONS, description: 'seconds between two messages' })
  @IsOptional()
  @Transform(toNumber)
  @IsIn(MESSAGE_INTERVAL_OPTIONS)
  messageInterval?: number;

  @ApiPropertyOptional({ enum: INTERVAL_OPTIONS, description: 'messages after which the longer pause comes' })
  @IsOptional()
  @Transform(toNumber)
  @IsIn(INTERVAL_OPTIONS)
  longerIntervalAfter?: number;

  @ApiPropertyOptional({ enum: INTERVAL_OPTIONS, description: 'seconds of the longer pause' })
  @IsOptional()
  @Transform(toNumber)
  @IsIn(INTERVAL_OPTIONS)
  greaterInterval?: number;

  @ApiPropertyOptional({ type: [CampaignVariableDto], maxItems: MAX_CAMPAIGN_VARIABLES, description: 'the whole list; keys unique' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CAMPAIGN_VARIABLES)
  @ValidateNested({ each: true })
  @Type(() => CampaignVariableDto)
  variables?: CampaignVariableDto[];

  @ApiPropertyOptional({ minimum: 0, maximum: 100000, description: 'campaign messages per connection per day; 0 = no cap' })
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(100000)
  dailyCap?: number;

  @ApiPropertyOptional({ example: '21:00', nullable: true, description: "HH:mm in the company's time zone; empty or null = no quiet hours" })
  @Transform(nullToEmpty)
  @IsOptional()
  @IsString()
  @Matches(QUIET_HOUR_PATTERN, { message: 'quietHoursStart must be HH:mm or empty' })
  quietHoursStart?: string;

  @ApiPropertyOptional({
    example: '08:00',
    nullable: true,
    description: 'HH:mm; may be earlier than the start (the quiet hours wrap midnight); empty or null = none',
  })
  @Transform(nullToEmpty)
  @IsOptional()
  @IsString()
  @Matches(QUIET_HOUR_PATTERN, { message: 'quietHoursEnd must be HH:mm or empty' })
  quietHoursEnd?: string;

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 20, example: ['SAIR', 'PARAR'] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @Transform(({ value }) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value))
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(30, { each: true })
  @NotContains('\u0000', { each: true })
  optOutKeywords?: string[];

  @ApiPropertyOptional({ minimum: 0, maximum: 20, description: 'failures among the last 20 sends that pause a campaign; 0 = never' })
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(20)
  failurePauseThreshold?: number;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, description: 'answer to an opt-out keyword; empty or null = no answer' })
  @Transform(nullToEmpty)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @NotContains('\u0000')
  optOutReply?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 720, description: 'hours a confirmation campaign waits for answers before it finishes' })
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(720)
  confirmationWindowHours?: number;
}
