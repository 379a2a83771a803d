import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsPositive, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { emptyToNull, trim } from '../../../common/dto/field-transforms.js';

export class CreateQueueOptionDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  queueId!: number;

  @ApiPropertyOptional({ nullable: true, description: '-1 or null for the top level' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @Min(-1)
  parentId?: number | null;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  title!: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  message?: string;

  /** Defaults to the next free number among the siblings. */
  @ApiPropertyOptional({ minimum: 1 })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  option?: number | null;
}
