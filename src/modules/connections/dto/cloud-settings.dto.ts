import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

const GRAPH_ID = /^\d{5,30}$/;

/**
 * A WhatsApp Cloud API connection's settings, from Meta's app dashboard. The access token and app secret are written
 * only (sealed at rest); leaving them out of an update keeps the stored ones.
 */
export class CloudSettingsDto {
  @ApiPropertyOptional({ description: 'Phone number ID (WhatsApp → API Setup)', example: '106540352242922' })
  @IsOptional()
  @IsString()
  @Matches(GRAPH_ID, { message: 'phoneNumberId must be the digits of the phone number ID' })
  phoneNumberId?: string;

  @ApiPropertyOptional({ description: 'WhatsApp Business Account ID', example: '102290129340398' })
  @IsOptional()
  @IsString()
  @Matches(GRAPH_ID, { message: 'businessAccountId must be the digits of the WhatsApp Business Account ID' })
  businessAccountId?: string;

  @ApiPropertyOptional({ description: 'Permanent access token (a system user token); never returned', writeOnly: true })
  @IsOptional()
  @IsString()
  @MinLength(20)
  @MaxLength(1000)
  accessToken?: string;

  @ApiPropertyOptional({ description: 'App secret (signs the webhooks); never returned', writeOnly: true })
  @IsOptional()
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  appSecret?: string;
}
