import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

/**
 * The text fields of `POST /files/uploadList/{id}`: `optionIds` names, in order, the option each `files` part
 * belongs to ("12,13" or "[12,13]").
 */
export class UploadFileListDto {
  @ApiProperty({ example: '12,13', description: 'option ids, comma separated, one per file in the order of the `files` parts' })
  @IsString()
  @Matches(/^\[?\s*\d{1,10}(\s*,\s*\d{1,10})*\s*\]?$/, { message: 'optionIds must be a comma-separated list of option ids' })
  optionIds!: string;

  /** Sent by the spec's browser; the server takes the list from the path and the type from each file. */
  @ApiPropertyOptional({ description: 'ignored' })
  @IsOptional()
  fileId?: unknown;

  @ApiPropertyOptional({ description: 'ignored' })
  @IsOptional()
  typeArch?: unknown;

  @ApiPropertyOptional({ description: 'ignored: the stored type comes from the file' })
  @IsOptional()
  mediaType?: unknown;
}

export const parseOptionIds = (raw: string): number[] =>
  raw
    .replace(/[[\]\s]/g, '')
    .split(',')
    .map(Number);
