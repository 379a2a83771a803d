import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const MAX_LIMIT = 1_000_000;
/** numeric(12,2) holds up to ten integer digits. */
const MAX_VALUE = 9_999_999_999.99;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The form's value is a money text: accept "49.90" or "49,90" as well as a number. */
const money = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^\d+([.,]\d{1,2})?$/.test(text) ? Number(text.replace(',', '.')) : value;
};

export class CreatePlanDto {
  @ApiProperty({ maxLength: 120 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  name!: string;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(MAX_LIMIT)
  users!: number;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(MAX_LIMIT)
  connections!: number;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(MAX_LIMIT)
  queues!: number;

  @ApiProperty({ minimum: 0, description: 'Monthly price in BRL; a numeric string such as "49.90" is accepted' })
  @Transform(money)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(MAX_VALUE)
  value!: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useCampaigns?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useSchedules?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useInternalChat?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useExternalApi?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useKanban?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useOpenAi?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  useIntegrations?: boolean;
}
