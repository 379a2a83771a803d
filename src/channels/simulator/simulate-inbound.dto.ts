import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBase64, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { CarriesProviderText } from '../../common/pipes/input-shape.pipe.js';

export const SIMULATED_KINDS = ['text', 'media', 'location', 'vcard', 'reaction', 'edit', 'revoke', 'ack', 'call', 'close'] as const;
export type SimulatedKind = (typeof SIMULATED_KINDS)[number];

export class SimulatedGroupDto {
  @ApiProperty({ example: '120363025246125486' })
  @Matches(/^\d{6,30}$/)
  id!: string;

  @ApiProperty({ example: 'Clientes VIP' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;
}

/** One piece of customer traffic for the fake phone. `type` defaults to a text. */
@CarriesProviderText()
export class SimulateInboundDto {
  @ApiPropertyOptional({ enum: SIMULATED_KINDS, default: 'text' })
  @IsOptional()
  @IsIn(SIMULATED_KINDS)
  type?: SimulatedKind;

  @ApiProperty({ example: '5511988887777', description: 'the customer number, digits' })
  @Matches(/^\+?[\d\s()-]{8,30}$/)
  from!: string;

  @ApiPropertyOptional({ example: 'Maria' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ example: 'Olá, preciso de ajuda' })
  @IsOptional()
  @IsString()
  @MaxLength(65536)
  body?: string;

  @ApiPropertyOptional({ description: 'provider message id; generated when absent' })
  @IsOptional()
  @Matches(/^[\w.-]{1,128}$/)
  id?: string;

  @ApiPropertyOptional({ description: 'media: the file as base64' })
  @IsOptional()
  @IsBase64()
  @MaxLength(30_000_000)
  mediaBase64?: string;

  @ApiPropertyOptional({ example: 'image/png' })
  @IsOptional()
  @Matches(/^[\w.+-]+\/[\w.+-]+(;.*)?$/)
  mimetype?: string;

  @ApiPropertyOptional({ description: 'the sender-side file name; metadata only' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  fileName?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 86400, description: 'audio media: its length in seconds, as the phone states it' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86400)
  seconds?: number;

  @ApiPropertyOptional({ description: 'audio media: recorded as a voice note (push-to-talk)' })
  @IsOptional()
  @IsBoolean()
  voiceNote?: boolean;

  @ApiPropertyOptional({ description: 'edit, revoke, reaction, ack: the message they refer to' })
  @IsOptional()
  @Matches(/^[\w.-]{1,128}$/)
  targetId?: string;

  @ApiPropertyOptional({ description: 'reply to this provider message id' })
  @IsOptional()
  @Matches(/^[\w.-]{1,128}$/)
  quotedId?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 5 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  ack?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  isVideo?: boolean;

  @ApiPropertyOptional({ description: 'close: whether the phone unlinked the device (true) or the link dropped (false)' })
  @IsOptional()
  @IsBoolean()
  loggedOut?: boolean;

  @ApiPropertyOptional({ example: -23.55, description: 'location' })
  @IsOptional()
  @Min(-90)
  @Max(90)
  latitude?: number;

  @ApiPropertyOptional({ example: -46.63 })
  @IsOptional()
  @Min(-180)
  @Max(180)
  longitude?: number;

  @ApiPropertyOptional({ type: SimulatedGroupDto, description: 'send inside this group' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimulatedGroupDto)
  group?: SimulatedGroupDto;
}
