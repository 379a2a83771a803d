import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, NameField } from '../../../common/dto/field-decorators.js';
import { UserOptionalFields } from './user-fields.js';

export class UpdateUserDto extends UserOptionalFields {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @IsOptional()
  @NameField()
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @EmailField()
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
