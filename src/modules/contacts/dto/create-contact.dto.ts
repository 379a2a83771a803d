import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, Length, Matches, ValidateIf, ValidateNested } from 'class-validator';
import { EmailField, NameField } from '../../../common/dto/field-decorators.js';
import { emptyToNull, trim } from '../../../common/dto/field-transforms.js';
import { PHONE_TEXT } from '../contact-number.js';
import { ExtraInfoDto } from './extra-info.dto.js';
import { Nullable } from '../../../common/dto/nullable.js';

export class CreateContactDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField()
  name!: string;

  /** Any mask is accepted; the contact stores the digits (8 to 20 of them). */
  @ApiProperty({ minLength: 8, maxLength: 50, example: '+55 (11) 98888-7777' })
  @Transform(trim)
  @IsString()
  @Length(8, 50)
  @Matches(PHONE_TEXT, { message: 'number may contain only digits, spaces and + ( ) - .' })
  number!: string;

  /** '' clears it. (EmailField trims before the empty check runs.) */
  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @EmailField()
  email?: string | null;

  /** Absent keeps the list; null is refused rather than read as "clear" or "keep". */
  @ApiPropertyOptional({ type: [ExtraInfoDto], maxItems: 50 })
  @ValidateIf((_dto, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ExtraInfoDto)
  extraInfo?: ExtraInfoDto[];
}
