import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { NameField } from '../../../common/dto/field-decorators.js';
import { ConnectionFieldsDto } from './connection-fields.dto.js';

export class UpdateConnectionDto extends ConnectionFieldsDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @IsOptional()
  @NameField()
  name?: string;
}
