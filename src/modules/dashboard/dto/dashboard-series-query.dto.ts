import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsOptional } from 'class-validator';

/** A chart's range in company calendar days, inclusive; one day gives an hourly series. */
export class DashboardSeriesQueryDto {
  @ApiProperty({ example: '2026-11-01' })
  @IsDateString({ strict: true })
  initialDate!: string;

  @ApiProperty({ example: '2026-11-21' })
  @IsDateString({ strict: true })
  finalDate!: string;

  /** Sent by the browser; the company always comes from the session. */
  @ApiPropertyOptional({ description: 'Ignored: the session decides the company' })
  @IsOptional()
  companyId?: string;
}
