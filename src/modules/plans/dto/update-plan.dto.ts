import { PartialType } from '@nestjs/swagger';
import { CreatePlanDto } from './create-plan.dto.js';

/** Every field optional; an explicit null is still validated (and refused) rather than skipped. */
export class UpdatePlanDto extends PartialType(CreatePlanDto, { skipNullProperties: false }) {}
