import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CampaignFieldsDto } from './campaign-fields.dto.js';

/** Only the fields sent change; a cancelled campaign accepts only its messages (campaigns §4). */
export class UpdateCampaignDto extends CampaignFieldsDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @IsOptional()
  @IsString()
  @MinLength(2)
  @MaxLength(50)
  override name?: string;
}
