import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsPositive, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { fieldError } from '../../../common/errors/app-error.js';
import { TICKET_STATUSES, type TicketStatus } from '../ticket.entity.js';

/** The browser sends id lists as JSON (`tags=[1,2]`); a bare `3` or `1,2` is read too. */
function idList(field: string) {
  return ({ value }: { value: unknown }) => {
    if (value === undefined || value === '') return undefined;
    const text = String(value).trim();
    try {
      const parsed: unknown = text.startsWith('[') ? JSON.parse(text) : text.split(',').map((v) => v.trim());
      return (Array.isArray(parsed) ? parsed : [parsed]).map((v) => Number(v));
    } catch {
      throw fieldError(field, `${field} must be a JSON list of ids`);
    }
  };
}

/** An optional list of ids, given as JSON in the query string. */
export const IdListField = (field: string) =>
  applyDecorators(
    ApiPropertyOptional({ example: '[1,2]', description: 'JSON list of ids' }),
    Transform(idList(field)),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(100),
    IsInt({ each: true }),
    IsPositive({ each: true }),
  );

const bool = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1');

export class ListTicketsQuery {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES)
  status?: TicketStatus;

  @ApiPropertyOptional({ description: 'contact name, number or a word of any message' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  searchParam?: string;

  @ApiPropertyOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNumber?: number;

  @ApiPropertyOptional({ description: 'opaque keyset cursor from the previous page' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/)
  cursor?: string;

  @IdListField('tags')
  tags?: number[];

  @IdListField('users')
  users?: number[];

  @IdListField('queueIds')
  queueIds?: number[];

  @ApiPropertyOptional()
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  showAll?: boolean;

  @ApiPropertyOptional()
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  withUnreadMessages?: boolean;

  @ApiPropertyOptional({ example: '2026-11-21', description: 'created that day (company time zone)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  @IsISO8601({ strict: true }, { message: 'date must be a real calendar day' })
  date?: string;

  @ApiPropertyOptional({ example: '2026-11-21', description: 'updated that day (company time zone)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  @IsISO8601({ strict: true }, { message: 'updatedAt must be a real calendar day' })
  updatedAt?: string;
}

export class TicketCountsQuery {
  @IdListField('queueIds')
  queueIds?: number[];

  @ApiPropertyOptional()
  @Transform(bool)
  @IsOptional()
  @IsBoolean()
  showAll?: boolean;
}
