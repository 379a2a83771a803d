import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { CampaignFieldsDto } from './campaign-fields.dto.js';

export class CreateCampaignDto extends CampaignFieldsDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @IsString()
  @MinLength(2)
  @MaxLength(50)
  override name!: string;
}
