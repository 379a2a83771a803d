import { ApiProperty } from '@nestjs/swagger';
import { ItemNumberField } from '../../contact-lists/dto/contact-list-item-fields.js';

/** POST /campaign-suppressions: a number no campaign may send to any more. */
export class CreateSuppressionDto {
  @ApiProperty({ description: '8 to 50 digits; mask characters are dropped', example: '5511988887777' })
  @ItemNumberField()
  number!: string;
}
