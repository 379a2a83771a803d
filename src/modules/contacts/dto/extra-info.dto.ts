import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsPositive, IsString, MaxLength } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { trim } from '../../../common/dto/field-transforms.js';

/** One extra-info pair. With an id it updates that row of the contact; without, it adds one. */
export class ExtraInfoDto {
  @ApiPropertyOptional({ description: 'Id of a row of this contact (updates only)' })
  @IsOptional()
  @IsInt()
  @IsPositive()
  id?: number;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @NameField(1, 100)
  name!: string;

  @ApiProperty({ maxLength: 2000 })
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  value!: string;
}
