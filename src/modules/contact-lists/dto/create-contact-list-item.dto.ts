import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { ItemEmailField, ItemNumberField } from './contact-list-item-fields.js';

export class CreateContactListItemDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Maria Souza' })
  @NameField()
  name!: string;

  @ApiProperty({ description: '8 to 50 digits; mask characters are dropped', example: '5511988887777' })
  @ItemNumberField()
  number!: string;

  @ApiPropertyOptional({ nullable: true, example: 'maria@example.com' })
  @ItemEmailField()
  email?: string | null;

  @ApiProperty({ example: 1 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  contactListId!: number;

  /** Sent by the spec's browser; the session's company applies. */
  @ApiPropertyOptional({ description: 'ignored: the session decides the company' })
  @IsOptional()
  @IsInt()
  companyId?: number;
}
