import { PartialType } from '@nestjs/swagger';
import { CreateAnnouncementDto } from './create-announcement.dto.js';

/** Every field optional; an explicit null is still validated (and refused). */
export class UpdateAnnouncementDto extends PartialType(CreateAnnouncementDto, { skipNullProperties: false }) {}
