import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDateString, IsInt, IsOptional, Max, Min } from 'class-validator';

/** The counters' period: the last `days` days, or `date_from`..`date_to` (company calendar days, inclusive). */
export class DashboardQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 366, description: 'The last N days, today included' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(366)
  days?: number;

  @ApiPropertyOptional({ example: '2026-11-01' })
  @IsOptional()
  @IsDateString({ strict: true })
  date_from?: string;

  @ApiPropertyOptional({ example: '2026-11-21' })
  @IsOptional()
  @IsDateString({ strict: true })
  date_to?: string;
}
