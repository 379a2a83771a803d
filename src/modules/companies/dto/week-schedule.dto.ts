import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { TIME_PATTERN, WEEKDAYS_EN, type WeekdayEn } from '../../../shared/schedules.js';

/** One day of a weekly working-hours form; an empty time means the day is closed. */
export class ScheduleEntryDto {
  /** Display name; the server derives it from weekdayEn. */
  @ApiPropertyOptional({ example: 'Segunda-feira' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  weekday?: string;

  @ApiProperty({ enum: WEEKDAYS_EN })
  @IsIn(WEEKDAYS_EN)
  weekdayEn!: WeekdayEn;

  @ApiProperty({ example: '08:00', description: 'HH:MM or empty' })
  @ValidateIf((entry: ScheduleEntryDto) => entry.startTime !== '')
  @Matches(TIME_PATTERN, { message: 'startTime must be HH:MM or empty' })
  startTime!: string;

  @ApiProperty({ example: '18:00', description: 'HH:MM or empty' })
  @ValidateIf((entry: ScheduleEntryDto) => entry.endTime !== '')
  @Matches(TIME_PATTERN, { message: 'endTime must be HH:MM or empty' })
  endTime!: string;
}

/** A full week: the seven weekdays, each exactly once. */
export const IsWeekSchedule = () =>
  applyDecorators(
    ApiProperty({ type: [ScheduleEntryDto] }),
    IsArray(),
    ArrayMinSize(WEEKDAYS_EN.length),
    ArrayMaxSize(WEEKDAYS_EN.length),
    ArrayUnique((entry: ScheduleEntryDto) => entry?.weekdayEn, { message: 'each weekday must appear once' }),
    ValidateNested({ each: true }),
    Type(() => ScheduleEntryDto),
  );
