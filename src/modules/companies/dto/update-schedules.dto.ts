import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { IsWeekSchedule, type ScheduleEntryDto } from './week-schedule.dto.js';

export class UpdateSchedulesDto {
  @IsWeekSchedule()
  schedules!: ScheduleEntryDto[];

  /** The browser repeats the company id in the body; the path is authoritative. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  id?: number;
}
