import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';
import { Nullable } from '../../../common/dto/nullable.js';

/** What a typed number may contain: digits and the usual mask characters, which are dropped. */
const PHONE_TEXT = /^[\d\s()+.-]+$/;

const toDigits = ({ value }: { value: unknown }) => (typeof value === 'string' && PHONE_TEXT.test(value) ? value.replace(/\D/g, '') : value);

/** campaigns §5: the number is 8 to 50 digits (country + area + number). */
export const ItemNumberField = () => applyDecorators(Transform(toDigits), IsString(), Matches(/^\d{8,50}$/, { message: 'number must have 8 to 50 digits' }));

/** An optional email: '' and null clear it; anything else must be a valid address. */
export const ItemEmailField = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value)),
    Nullable(),
    IsString(),
    IsEmail(),
    MaxLength(254),
  );
