import { PartialType } from '@nestjs/swagger';
import { CreateCompanyDto } from './create-company.dto.js';

/** Every field optional; an explicit null is still validated (and refused where the field is required). */
export class UpdateCompanyDto extends PartialType(CreateCompanyDto, { skipNullProperties: false }) {}
