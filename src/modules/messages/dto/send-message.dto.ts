import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsPositive, IsString, MaxLength, ValidateNested } from 'class-validator';

function parseJsonOr(value: string): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value; // left for the validator to refuse
  }
}

export class QuotedRefDto {
  @ApiPropertyOptional()
  @IsInt()
  @IsPositive()
  id!: number;
}

/** JSON, or multipart with `medias` files (then `quotedMsg` may arrive as a JSON string). */
export class SendMessageDto {
  @ApiPropertyOptional({ maxLength: 65536 })
  @IsOptional()
  @IsString()
  @MaxLength(65536)
  body?: string;

  @ApiPropertyOptional({ type: QuotedRefDto, nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? parseJsonOr(value) : value))
  @IsOptional()
  @ValidateNested()
  @Type(() => QuotedRefDto)
  quotedMsg?: QuotedRefDto | null;

  /** Sent by the spec's browser; the server decides these. */
  @ApiPropertyOptional()
  @IsOptional()
  read?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  fromMe?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  mediaUrl?: unknown;
}

export class EditMessageDto extends SendMessageDto {}
