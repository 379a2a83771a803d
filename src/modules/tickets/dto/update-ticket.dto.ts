import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsPositive } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { TICKET_STATUSES, type TicketStatus } from '../ticket.entity.js';
import { Nullable } from '../../../common/dto/nullable.js';

/** Accept, return, finish, reopen and transfer are all this one update (core-attendant §4). */
export class UpdateTicketDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES)
  status?: TicketStatus;

  /** null (or '') takes the ticket from its user; with a queueId and no status it goes back to pending. */
  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  userId?: number | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  queueId?: number | null;

  /** Moves the ticket to another connection; it cannot be left without one, so null is refused. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @IsPositive()
  whatsappId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  useIntegration?: boolean;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  promptId?: number | null;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  integrationId?: number | null;
}
