import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { trim, UserOptionalFields } from './user-fields.js';

export class CreateUserDto extends UserOptionalFields {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @IsString()
  @MinLength(2)
  @MaxLength(50)
  name!: string;

  @ApiProperty()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ minLength: 5, maxLength: 50 })
  @IsString()
  @MinLength(5)
  @MaxLength(50)
  password!: string;
}
