import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, NameField } from '../../../common/dto/field-decorators.js';
import { UserOptionalFields } from './user-fields.js';

export class CreateUserDto extends UserOptionalFields {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField()
  name!: string;

  @ApiProperty()
  @EmailField()
  email!: string;

  @ApiProperty({ minLength: 5, maxLength: 50 })
  @IsString()
  @MinLength(5)
  @MaxLength(50)
  password!: string;
}
