import { PartialType } from '@nestjs/swagger';
import { CreateContactDto } from './create-contact.dto.js';

/** Every field optional; `extraInfo`, when sent, replaces the whole list. */
export class UpdateContactDto extends PartialType(CreateContactDto, { skipNullProperties: false }) {}
