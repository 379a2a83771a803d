import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../../common/dto/nullable.js';
import { emptyToNull, trim } from './company-fields.js';

/** Trimmed; empty or null clears it. */
const BillingText = (max: number) =>
  applyDecorators(ApiPropertyOptional({ maxLength: max, nullable: true }), Transform(trim), Transform(emptyToNull), Nullable(), IsString(), MaxLength(max));

/** The company's billing data (administration §3), the columns of the same name. */
export class BillingFieldsDto {
  @BillingText(200) billingName?: string | null;
  @BillingText(20) addressZipCode?: string | null;
  @BillingText(200) addressStreet?: string | null;
  @BillingText(100) addressState?: string | null;
  @BillingText(100) addressCity?: string | null;
  @BillingText(100) addressDistrict?: string | null;
}
