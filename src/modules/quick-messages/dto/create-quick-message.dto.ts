import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';

export class CreateQuickMessageDto {
  @ApiProperty({ maxLength: 100, example: 'bomdia' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  shortcode!: string;

  @ApiPropertyOptional({ maxLength: 10000 })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  message?: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  geral?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  status?: boolean;
}
