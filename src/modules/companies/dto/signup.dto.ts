import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsPositive, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, NameField } from '../../../common/dto/field-decorators.js';
import { phoneDigits } from './company-fields.js';
import { Nullable } from '../../../common/dto/nullable.js';

/** Self-registration of a company (administration §5 "Signup"). */
export class SignupDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField()
  name!: string;

  @ApiProperty()
  @EmailField()
  email!: string;

  @ApiPropertyOptional({ example: '(11) 99999-9999', description: 'at most 11 digits once the mask is removed' })
  @Transform(phoneDigits)
  @Nullable()
  @IsString()
  @MaxLength(11, { message: 'phone must have at most 11 digits' })
  phone?: string | null;

  @ApiProperty({ minLength: 5, maxLength: 50 })
  @IsString()
  @MinLength(5)
  @MaxLength(50)
  password!: string;

  @ApiProperty()
  @IsInt()
  @IsPositive()
  planId!: number;

  // The signup form also sends the trial terms; the server decides them, so these are accepted and never read.
  @ApiHideProperty()
  @Allow()
  readonly recurrence?: unknown;

  @ApiHideProperty()
  @Allow()
  readonly dueDate?: unknown;

  @ApiHideProperty()
  @Allow()
  readonly status?: unknown;

  @ApiHideProperty()
  @Allow()
  readonly campaignsEnabled?: unknown;
}
