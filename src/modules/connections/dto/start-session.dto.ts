import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { normaliseNumber } from '../../../channels/numbers.js';

export class StartSessionDto {
  @ApiPropertyOptional({ example: '5511988887777', description: 'link with a pairing code sent to this phone instead of a QR code' })
  @Transform(({ value }) => (typeof value === 'string' ? normaliseNumber(value) : value))
  @IsOptional()
  @Matches(/^\d{10,15}$/, { message: 'pairingPhone must have 10 to 15 digits' })
  pairingPhone?: string;
}
