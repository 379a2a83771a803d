import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trim, UserOptionalFields } from './user-fields.js';

export class UpdateUserDto extends UserOptionalFields {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MinLength(2)
  @MaxLength(50)
  name?: string;

  @ApiPropertyOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  /** Empty means "keep the current password". */
  @ApiPropertyOptional({ minLength: 5, maxLength: 50 })
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsOptional()
  @IsString()
  @MinLength(5)
  @MaxLength(50)
  password?: string;
}
