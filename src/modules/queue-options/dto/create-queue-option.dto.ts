import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsPositive, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { emptyToNull, trim } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

export class CreateQueueOptionDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  queueId!: number;

  @ApiPropertyOptional({ description: '-1 or null for the top level' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(-1)
  parentId?: number | null;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  title!: string;

  /** Absent or null: no text. */
  @ApiPropertyOptional({ maxLength: 5000 })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  message?: string | null;

  /** Absent or null: the next free number among the siblings. */
  @ApiPropertyOptional({ minimum: 1 })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(1000)
  option?: number | null;
}
