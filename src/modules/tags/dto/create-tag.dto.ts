import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { ColorField, KanbanField } from './tag-fields.js';

export class CreateTagDto {
  @ApiProperty({ minLength: 3, maxLength: 50 })
  @NameField(3, 50)
  name!: string;

  @ApiProperty({ example: '#2E7D32' })
  @ColorField()
  color!: string;

  /** Only profiles holding 'tag-modal:editKanban' may turn it on. */
  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @KanbanField()
  kanban?: boolean;

  /** The tag dialog sends the editor's id; the creator is always the caller, so the value is not used. */
  @ApiPropertyOptional({ description: 'ignored' })
  @IsOptional()
  @IsInt()
  userId?: number;
}
