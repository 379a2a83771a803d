import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { normaliseNumber } from '../../../channels/numbers.js';

export class SendExternalMessageDto {
  @ApiProperty({ example: '5511988887777', description: 'country code + area code + number, no mask' })
  @Transform(({ value }) => (typeof value === 'string' || typeof value === 'number' ? normaliseNumber(String(value)) : value))
  @Matches(/^\d{8,20}$/, { message: 'number must have 8 to 20 digits' })
  number!: string;

  @ApiPropertyOptional({ example: 'Olá! Seu pedido saiu para entrega.' })
  @IsOptional()
  @IsString()
  @MaxLength(65536)
  body?: string;
}
