import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField } from '../../../common/dto/field-decorators.js';

export class LoginDto {
  @ApiProperty({ example: 'admin@example.com' })
  @EmailField()
  email!: string;

  @ApiProperty({ example: 'Admin123!' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  password!: string;
}
