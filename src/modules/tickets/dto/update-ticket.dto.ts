import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsPositive } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { TICKET_STATUSES, type TicketStatus } from '../ticket.entity.js';

/** Accept, return, finish, reopen and transfer are all this one update (core-attendant §4). */
export class UpdateTicketDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES)
  status?: TicketStatus;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  userId?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  queueId?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  whatsappId?: number | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  useIntegration?: boolean;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  promptId?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  integrationId?: number | null;
}
