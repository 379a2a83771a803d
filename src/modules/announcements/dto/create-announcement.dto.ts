import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementPriority,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
} from '../../../shared/announcement-api-types.js';

/** Title and text are required (campaigns §5); the attachment goes through `POST /announcements/{id}/media-upload`. */
export class CreateAnnouncementDto {
  @ApiProperty({ maxLength: ANNOUNCEMENT_TITLE_MAX, example: 'Manutenção programada' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(ANNOUNCEMENT_TITLE_MAX)
  title!: string;

  @ApiProperty({ maxLength: ANNOUNCEMENT_TEXT_MAX })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(ANNOUNCEMENT_TEXT_MAX)
  text!: string;

  @ApiPropertyOptional({ enum: ANNOUNCEMENT_PRIORITIES, default: DEFAULT_ANNOUNCEMENT_PRIORITY, description: '1 high, 2 medium, 3 low' })
  @IsOptional()
  @IsIn(ANNOUNCEMENT_PRIORITIES)
  priority?: AnnouncementPriority;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  status?: boolean;
}
