import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';

const MESSAGE_MAX = 4096;
const text = () => (target: object, key: string) => {
  ApiPropertyOptional({ maxLength: MESSAGE_MAX, description: 'Placeholders {nome}, {numero}, {email} and the campaign variables {key}' })(target, key);
  IsOptional()(target, key);
  IsString()(target, key);
  MaxLength(MESSAGE_MAX)(target, key);
};
const reference = (description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ nullable: true, description })(target, key);
  Transform(emptyToNull)(target, key);
  IsOptional()(target, key);
  Type(() => Number)(target, key);
  IsInt()(target, key);
  Min(1)(target, key);
};

/** The campaign form's fields (campaigns §3) but the name, which the create and update DTOs declare. */
export class CampaignFieldsDto {
  name?: string;

  @text() message1?: string;
  @text() message2?: string;
  @text() message3?: string;
  @text() message4?: string;
  @text() message5?: string;
  @text() confirmationMessage1?: string;
  @text() confirmationMessage2?: string;
  @text() confirmationMessage3?: string;
  @text() confirmationMessage4?: string;
  @text() confirmationMessage5?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  confirmation?: boolean;

  @ApiPropertyOptional({
    nullable: true,
    example: '2026-12-01 09:00:00',
    description: "'YYYY-MM-DD HH:mm:ss' in the company's time zone, or an ISO instant; empty = not scheduled (INATIVA)",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  scheduledAt?: string | null;

  @reference('The connection that sends') whatsappId?: number | null;
  @reference('The audience: a contact list…') contactListId?: number | null;
  @reference('…or the contacts of the tickets with this tag') tagListId?: number | null;
  @reference('Files sent after the message') fileListId?: number | null;
}
