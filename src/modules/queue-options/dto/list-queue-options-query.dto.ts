import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsPositive, Min } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

/** One level of the tree: `parentId` -1, empty or absent means the top level. */
export class ListQueueOptionsQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @IsPositive()
  queueId!: number;

  @ApiPropertyOptional({ description: '-1 (or absent) for the top level' })
  @Transform(emptyToNull)
  @Nullable()
  @Type(() => Number)
  @IsInt()
  @Min(-1)
  parentId?: number | null;
}
