import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';
import type { CompanyBilling } from '../../../shared/api-types.js';

const OptionalText = (max: number) => applyDecorators(ApiPropertyOptional({ maxLength: max }), Transform(trim), IsOptional(), IsString(), MaxLength(max));

/**
 * `POST /subscription` (administration §3). Only `invoiceId` decides what is charged: the amount is the invoice's. The
 * billing data is kept on the company (see `billingOf`); the card fields exist in the spec's payload but a Pix checkout
 * never uses them, so they are accepted empty-or-short and discarded unread.
 */
export class SubscriptionDto {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  invoiceId!: number;

  @OptionalText(100) firstName?: string;
  @OptionalText(100) lastName?: string;
  @OptionalText(200) address2?: string;
  @OptionalText(100) city?: string;
  @OptionalText(100) state?: string;
  @OptionalText(20) zipcode?: string;
  /** The 'Bairro' of the company's address (addressDistrict). */
  @OptionalText(100) district?: string;

  @ApiPropertyOptional({ enum: ['BR', 'usa'] })
  @IsOptional()
  @IsIn(['BR', 'usa', ''])
  country?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  useAddressForPaymentDetails?: boolean;

  @OptionalText(100) nameOnCard?: string;
  @OptionalText(30) cardNumber?: string;
  @OptionalText(8) cvv?: string;
  /** The plan card as the browser serialised it: informative only. */
  @OptionalText(2000) plan?: string;

  @ApiPropertyOptional({ description: 'Ignored: the amount comes from the invoice' })
  @IsOptional()
  @IsNumber()
  price?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  users?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  connections?: number;
}

/** The company billing fields the checkout's 'Dados' step fills; fields not sent stay as stored. */
export function billingOf(dto: SubscriptionDto): Partial<Record<keyof CompanyBilling, string>> {
  const named = dto.firstName !== undefined || dto.lastName !== undefined;
  return {
    billingName: named ? [dto.firstName, dto.lastName].filter(Boolean).join(' ') : undefined,
    addressStreet: dto.address2,
    addressCity: dto.city,
    addressState: dto.state,
    addressZipCode: dto.zipcode,
    addressDistrict: dto.district,
  };
}
