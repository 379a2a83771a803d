import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export class ListTagsQueryDto {
  /** '1': only the kanban lanes. */
  @ApiPropertyOptional({ enum: ['0', '1'] })
  @IsOptional()
  @IsIn(['0', '1'])
  kanban?: '0' | '1';
}
