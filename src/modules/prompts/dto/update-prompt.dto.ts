import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';
import { PromptFieldsDto } from './create-prompt.dto.js';

/** Every field optional; an explicit null is still validated (and refused where the field is required). */
export class UpdatePromptDto extends PartialType(PromptFieldsDto, { skipNullProperties: false }) {
  /** Absent or empty keeps the stored key: the form never shows it. */
  @ApiPropertyOptional({ writeOnly: true, maxLength: 500 })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  apiKey?: string;
}
