import { PartialType } from '@nestjs/swagger';
import { CreateQueueDto } from './create-queue.dto.js';

/** Every field optional; an explicit null is still validated (and refused where the field is required). */
export class UpdateQueueDto extends PartialType(CreateQueueDto, { skipNullProperties: false }) {}
