import { ApiProperty } from '@nestjs/swagger';
import { NameField } from '../../../common/dto/field-decorators.js';
import { ConnectionFieldsDto } from './connection-fields.dto.js';

export class CreateConnectionDto extends ConnectionFieldsDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @NameField()
  name!: string;
}
