import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsPositive, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField } from '../../../common/dto/field-decorators.js';
import { RECURRENCES, type Recurrence } from '../company.entity.js';
import { CAMPAIGNS_VALUES, type CampaignsValue } from '../campaigns-setting.js';
import { emptyToNull, phoneDigits, trim } from './company-fields.js';
import { Nullable } from '../../../common/dto/nullable.js';
import { BillingFieldsDto } from './billing-fields.dto.js';

/** The super user's company form (administration §Settings "Empresas"). */
export class CreateCompanyDto extends BillingFieldsDto {
  @ApiProperty({ minLength: 2, maxLength: 120 })
  @Transform(trim)
  @IsString()
  @MinLength(2)
  @MaxLength(120)
  name!: string;

  @ApiProperty()
  @EmailField()
  email!: string;

  /** E.164 allows at most 15 digits. */
  @ApiPropertyOptional()
  @Transform(phoneDigits)
  @Nullable()
  @IsString()
  @MaxLength(15, { message: 'phone must have at most 15 digits' })
  phone?: string | null;

  @ApiProperty()
  @IsInt()
  @IsPositive()
  planId!: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  status?: boolean;

  @ApiPropertyOptional({ enum: [...CAMPAIGNS_VALUES, true, false], default: 'enabled' })
  @IsOptional()
  @IsIn([...CAMPAIGNS_VALUES, true, false])
  campaignsEnabled?: CampaignsValue | boolean;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'A day (an ISO-8601 instant counts by its UTC day); empty or null means no due date' })
  @Transform(emptyToNull)
  @Nullable()
  @IsISO8601({ strict: true })
  dueDate?: string | null;

  @ApiPropertyOptional({ enum: RECURRENCES, default: 'MENSAL' })
  @IsOptional()
  @IsIn(RECURRENCES)
  recurrence?: Recurrence;
}
