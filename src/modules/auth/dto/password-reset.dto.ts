import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches, MaxLength } from 'class-validator';
import { EmailField } from '../../../common/dto/field-decorators.js';

export class EmailParamDto {
  @ApiProperty()
  @EmailField()
  email!: string;
}

export class ResetPasswordParamsDto extends EmailParamDto {
  @ApiProperty()
  @IsString()
  @Length(32, 32)
  @Matches(/^[0-9a-f]+$/)
  token!: string;

  @ApiProperty({ description: 'At least 8 characters with upper case, lower case and a digit' })
  @IsString()
  @MaxLength(100)
  newPassword!: string;
}

/** The body form of the reset: secrets in a body never land in access logs or proxies' URLs. */
export class ResetPasswordBodyDto extends ResetPasswordParamsDto {}
