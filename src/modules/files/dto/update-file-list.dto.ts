import { PartialType } from '@nestjs/swagger';
import { CreateFileListDto } from './create-file-list.dto.js';

/**
 * Every field optional. `options`, when sent, is the whole new set: options named by id stay (renamed), new ones are
 * added, the others go with their files.
 */
export class UpdateFileListDto extends PartialType(CreateFileListDto, { skipNullProperties: false }) {}
