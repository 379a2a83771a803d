import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsPositive, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Nullable } from '../../../common/dto/nullable.js';

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
  /** Absent or null: no text (a media message without caption). */
  @ApiPropertyOptional({ maxLength: 65536 })
  @Nullable()
  @IsString()
  @MaxLength(65536)
  body?: string | null;

  @ApiPropertyOptional({ type: QuotedRefDto, nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? parseJsonOr(value) : value))
  @Nullable()
  @ValidateNested()
  @Type(() => QuotedRefDto)
  quotedMsg?: QuotedRefDto | null;

  /** The audio was recorded in the composer: it goes as a WhatsApp voice note (Ogg/Opus, push-to-talk, with its length). */
  @ApiPropertyOptional({ description: 'send the audio in medias as a voice note (multipart: "true")' })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsOptional()
  @IsBoolean()
  voiceNote?: boolean;

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
