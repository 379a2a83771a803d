import { PartialType } from '@nestjs/swagger';
import { CreateTagDto } from './create-tag.dto.js';

/** Every field optional; an explicit null is still validated (and refused). */
export class UpdateTagDto extends PartialType(CreateTagDto, { skipNullProperties: false }) {}
