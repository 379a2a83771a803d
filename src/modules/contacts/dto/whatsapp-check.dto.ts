import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';

/** POST /contacts/whatsapp-check: a number as a shared contact card carries it (digits only). */
export class WhatsappCheckDto {
  @ApiProperty({ minLength: 8, maxLength: 20, example: '5511988887777' })
  @Transform(trim)
  @IsString()
  @Length(8, 20)
  @Matches(/^\d+$/, { message: 'number may contain only digits' })
  number!: string;

  /** The connection to check through (the conversation's); another connected one of the company when it is not. */
  @ApiPropertyOptional({ description: 'The connection to check through; any connected one of the company when absent' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  whatsappId?: number;
}
