import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsPositive } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

export class CreateTicketDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  contactId!: number;

  @ApiPropertyOptional({ description: 'required unless the caller is an admin; null: no queue' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  queueId?: number | null;

  @ApiPropertyOptional({ description: 'absent or null: the company default connection' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  whatsappId?: number | null;

  @ApiPropertyOptional({ description: 'absent or null: the caller' })
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  userId?: number | null;

  @ApiPropertyOptional({ enum: ['open', 'pending'], default: 'open' })
  @IsOptional()
  @IsIn(['open', 'pending'])
  status?: 'open' | 'pending';
}
