import { PartialType } from '@nestjs/swagger';
import { CreateContactListDto } from './create-contact-list.dto.js';

/** Every field optional; an explicit null is still validated (and refused). */
export class UpdateContactListDto extends PartialType(CreateContactListDto, { skipNullProperties: false }) {}
