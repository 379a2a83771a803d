import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { lowerEmail, trim } from './field-transforms.js';

/** An email, trimmed and lower-cased before validation. */
export const EmailField = () => applyDecorators(Transform(lowerEmail), IsEmail(), MaxLength(254));

/** A trimmed display name (the spec's 2 to 50 characters unless told otherwise). */
export const NameField = (min = 2, max = 50) => applyDecorators(Transform(trim), IsString(), MinLength(min), MaxLength(max));
