import { PartialType } from '@nestjs/swagger';
import { CreateHelpDto } from './create-help.dto.js';

/** Every field optional; an explicit null is still validated (and refused where the field is required). */
export class UpdateHelpDto extends PartialType(CreateHelpDto, { skipNullProperties: false }) {}
