import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Nullable } from '../../../common/dto/nullable.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Cleared form fields arrive as ''; store them as null. */
const trimOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class CreateHelpDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title!: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @Transform(trimOrNull)
  @Nullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  /** The code of a video on the external video site; it ends up in an embed URL, hence the narrow alphabet. */
  @ApiPropertyOptional({ maxLength: 200, example: 'dQw4w9WgXcQ' })
  @Transform(trimOrNull)
  @Nullable()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'video may contain only letters, digits, _ and -' })
  video?: string | null;
}
