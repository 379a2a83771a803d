import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';

const normaliseEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class EmailParamDto {
  @ApiProperty()
  @Transform(normaliseEmail)
  @IsEmail()
  @MaxLength(254)
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
