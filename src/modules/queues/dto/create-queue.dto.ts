import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { IsWeekSchedule, type ScheduleEntryDto } from '../../companies/dto/week-schedule.dto.js';
import { Nullable } from '../../../common/dto/nullable.js';

/** '#2e7d32', '2E7D32' and '#2E7D32' are one colour: store it one way so the per-company uniqueness holds. */
const hexColor = ({ value }: { value: unknown }) => (typeof value === 'string' ? `#${value.trim().replace(/^#/, '').toUpperCase()}` : value);

export class CreateQueueDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField()
  name!: string;

  @ApiProperty({ example: '#2E7D32', minLength: 3, maxLength: 9 })
  @Transform(hexColor)
  @IsString()
  @MinLength(3)
  @MaxLength(9)
  @Matches(/^#?[0-9A-Fa-f]{3,8}$/, { message: 'color must be a hex colour such as #2E7D32' })
  color!: string;

  @ApiPropertyOptional({ minimum: 0 })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  orderQueue?: number | null;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(5000)
  greetingMessage?: string | null;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(5000)
  outOfHoursMessage?: string | null;

  @ApiPropertyOptional({ description: 'Queue integration that answers in this queue' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(1)
  integrationId?: number | null;

  @ApiPropertyOptional({ description: 'AI prompt that answers in this queue' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @Min(1)
  promptId?: number | null;

  /** Defaults to weekdays 08:00-18:00, saturday 08:00-12:00, sunday closed. */
  @IsOptional()
  @IsWeekSchedule()
  schedules?: ScheduleEntryDto[];
}
