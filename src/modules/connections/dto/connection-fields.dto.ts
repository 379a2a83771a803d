import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsPositive, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';
import { CloudSettingsDto } from './cloud-settings.dto.js';

const TEXT_MAX = 5000;

/** Every optional field of the connection dialog (administration §3). */
export class ConnectionFieldsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  isDefault?: boolean;

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @IsPositive({ each: true })
  queueIds?: number[];

  @ApiPropertyOptional({ enum: ['beta', 'cloud', 'simulator'], description: 'beta: WhatsApp (QR code); cloud: WhatsApp Cloud API' })
  @IsOptional()
  @IsIn(['beta', 'cloud', 'simulator'])
  provider?: string;

  @ApiPropertyOptional({ type: () => CloudSettingsDto, description: 'Settings of a WhatsApp Cloud API connection (provider cloud)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CloudSettingsDto)
  cloud?: CloudSettingsDto;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(TEXT_MAX)
  greetingMessage?: string | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(TEXT_MAX)
  complationMessage?: string | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(TEXT_MAX)
  outOfHoursMessage?: string | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(TEXT_MAX)
  ratingMessage?: string | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(TEXT_MAX)
  expiresInactiveMessage?: string | null;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(525600)
  expiresTicket?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(525600)
  timeUseBotQueues?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  maxUseBotQueues?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(525600)
  timeToTransfer?: number | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  transferQueueId?: number | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  promptId?: number | null;
}
