import { PartialType } from '@nestjs/swagger';
import { CreateContactListItemDto } from './create-contact-list-item.dto.js';

/** Name, number and email; `contactListId` is accepted (the browser sends the whole record) but an item never moves. */
export class UpdateContactListItemDto extends PartialType(CreateContactListItemDto, { skipNullProperties: false }) {}
