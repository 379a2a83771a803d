import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

export class CreateScheduleDto {
  @ApiProperty({ maxLength: 10000, description: 'Template variables {{name}}, {{firstName}}, {{ms}}, {{protocol}}, {{hora}} are rendered at send time' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10000)
  body!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When to send; must be in the future' })
  @Type(() => Date)
  @IsDate()
  sendAt!: Date;

  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  contactId!: number;

  @ApiPropertyOptional({ description: "The connection to send through; the company's default when empty or null" })
  @Transform(emptyToNull)
  @Nullable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  whatsappId?: number | null;
}
