import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsPositive } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';

export class CreateTicketDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  contactId!: number;

  @ApiPropertyOptional({ nullable: true, description: 'required unless the caller is an admin' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  queueId?: number | null;

  @ApiPropertyOptional({ description: 'defaults to the company default connection' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  whatsappId?: number | null;

  @ApiPropertyOptional({ description: 'defaults to the caller' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt()
  @IsPositive()
  userId?: number | null;

  @ApiPropertyOptional({ enum: ['open', 'pending'], default: 'open' })
  @IsOptional()
  @IsIn(['open', 'pending'])
  status?: 'open' | 'pending';
}
