import { PartialType } from '@nestjs/swagger';
import { CreateScheduleDto } from './create-schedule.dto.js';

/** Every field optional; an explicit null is still validated (and refused), but whatsappId's, which clears it. */
export class UpdateScheduleDto extends PartialType(CreateScheduleDto, { skipNullProperties: false }) {}
