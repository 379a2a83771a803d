import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { ContactExportFormat } from '../contact-export.js';

export class ExportContactsQuery {
  @ApiProperty({ enum: ['csv', 'xlsx'], description: 'The file type' })
  @IsIn(['csv', 'xlsx'])
  format!: ContactExportFormat;
}
