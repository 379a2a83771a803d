import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

const MESSAGE_MAX = 4096;
/** A message text; null clears it (stored as ''). */
const text = () => (target: object, key: string) => {
  ApiPropertyOptional({
    type: String,
    maxLength: MESSAGE_MAX,
    description: 'Placeholders {nome}, {numero}, {email} and the campaign variables {key}; null clears it',
  })(target, key);
  Nullable()(target, key);
  IsString()(target, key);
  MaxLength(MESSAGE_MAX)(target, key);
};
/** A reference to another record of the company; null or '' clears it. */
const reference = (description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ type: 'integer', description })(target, key);
  Transform(emptyToNull)(target, key);
  Nullable()(target, key);
  Type(() => Number)(target, key);
  IsInt()(target, key);
  Min(1)(target, key);
};

/** The approved template one message variant sends on a WhatsApp Cloud API connection. */
export class CampaignTemplateDto {
  @ApiProperty({ minimum: 1, maximum: 5, description: 'The message variant: 1 for message1 … 5 for message5' })
  @IsInt()
  @Min(1)
  @Max(5)
  variant!: number;

  @ApiProperty({ description: 'A template of the campaign’s connection (GET /api/message-templates)' })
  @IsInt()
  @Min(1)
  templateId!: number;

  @ApiProperty({
    type: [String],
    description: 'The text of each {{n}} of the template body, in order; {nome}, {numero}, {email} and the campaign variables are rendered per recipient',
  })
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  variables!: string[];

  @ApiPropertyOptional({ description: 'Templates whose header is an image, a video or a document: the public https address of the file' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false })
  headerMediaUrl?: string | null;
}

/** The campaign form's fields (campaigns §3) but the name, which the create and update DTOs declare. */
export class CampaignFieldsDto {
  name?: string;

  @text() message1?: string | null;
  @text() message2?: string | null;
  @text() message3?: string | null;
  @text() message4?: string | null;
  @text() message5?: string | null;
  @text() confirmationMessage1?: string | null;
  @text() confirmationMessage2?: string | null;
  @text() confirmationMessage3?: string | null;
  @text() confirmationMessage4?: string | null;
  @text() confirmationMessage5?: string | null;

  @ApiPropertyOptional({
    type: [CampaignTemplateDto],
    description: 'On a WhatsApp Cloud API connection: an approved template for each non-empty message (ignored on other connections)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => CampaignTemplateDto)
  templates?: CampaignTemplateDto[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  confirmation?: boolean;

  @ApiPropertyOptional({
    example: '2026-12-01 09:00:00',
    description: "'YYYY-MM-DD HH:mm:ss' in the company's time zone, or an ISO instant; empty or null = not scheduled (INATIVA)",
  })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(40)
  scheduledAt?: string | null;

  @reference('The connection that sends') whatsappId?: number | null;
  @reference('The audience: a contact list…') contactListId?: number | null;
  @reference('…or the contacts of the tickets with this tag') tagListId?: number | null;
  @reference('Files sent after the message') fileListId?: number | null;
}
