import { PartialType } from '@nestjs/swagger';
import { CreateQuickMessageDto } from './create-quick-message.dto.js';

/** Every field optional; an explicit null is still validated (and refused). */
export class UpdateQuickMessageDto extends PartialType(CreateQuickMessageDto, { skipNullProperties: false }) {}
