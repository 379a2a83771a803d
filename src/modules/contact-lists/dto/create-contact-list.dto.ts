import { ApiProperty } from '@nestjs/swagger';
import { NameField } from '../../../common/dto/field-decorators.js';

export class CreateContactListDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Clientes VIP' })
  @NameField()
  name!: string;
}
