import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsPositive, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';

export class CreateTicketNoteDto {
  @ApiProperty({ minLength: 2, maxLength: 5000 })
  @Transform(trim)
  @IsString()
  @MinLength(2)
  @MaxLength(5000)
  note!: string;

  @ApiProperty()
  @IsInt()
  @IsPositive()
  ticketId!: number;

  /** Must be the ticket's contact. */
  @ApiProperty()
  @IsInt()
  @IsPositive()
  contactId!: number;
}
