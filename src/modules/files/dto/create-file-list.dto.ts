import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsPositive, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';

/** Options one file list may hold (each carries one file). */
export const MAX_FILE_LIST_OPTIONS = 20;

export class FileListOptionDto {
  /** An existing option of the list (kept, renamed); without it a new option. */
  @ApiPropertyOptional({ description: 'id of an existing option of this list; omitted for a new option' })
  @IsOptional()
  @IsInt()
  @IsPositive()
  id?: number;

  @ApiProperty({ maxLength: 255, example: 'Catálogo' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name!: string;

  /** Sent by the spec's browser beside the option; the stored file decides these. */
  @ApiPropertyOptional({ description: 'ignored: set by POST /files/uploadList/{id}' })
  @IsOptional()
  path?: unknown;

  @ApiPropertyOptional({ description: 'ignored: set by POST /files/uploadList/{id}' })
  @IsOptional()
  mediaType?: unknown;
}

/** campaigns §5: name at least 3 characters ('nome muito curto'), message required. */
export class CreateFileListDto {
  @ApiProperty({ minLength: 3, maxLength: 100, example: 'Boas-vindas' })
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'name must be at least 3 characters' })
  @MaxLength(100)
  name!: string;

  @ApiProperty({ maxLength: 10000 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10000)
  message!: string;

  @ApiPropertyOptional({ type: [FileListOptionDto], maxItems: MAX_FILE_LIST_OPTIONS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILE_LIST_OPTIONS)
  @ValidateNested({ each: true })
  @Type(() => FileListOptionDto)
  options?: FileListOptionDto[];

  /** The spec's browser sends it; the session decides the company. */
  @ApiPropertyOptional({ description: 'ignored: the session decides the company' })
  @IsOptional()
  companyId?: unknown;
}
