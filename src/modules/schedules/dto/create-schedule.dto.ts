import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDate, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, Min } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { Nullable } from '../../../common/dto/nullable.js';

export class CreateScheduleDto {
  @ApiProperty({ maxLength: 10000, description: 'Template variables {{name}}, {{firstName}}, {{ms}}, {{protocol}}, {{hora}} are rendered at send time' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10000)
  body!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When to send; must be in the future' })
  @Type(() => Date)
  @IsDate()
  sendAt!: Date;

  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  contactId!: number;

  @ApiPropertyOptional({ description: "The connection to send through; the company's default when empty or null" })
  @Transform(emptyToNull)
  @Nullable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  whatsappId?: number | null;

  @ApiPropertyOptional({ description: 'On a WhatsApp Cloud API connection (required there): an approved template of it, sent instead of the body' })
  @Transform(emptyToNull)
  @Nullable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  templateId?: number | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'The text of each {{n}} of the template body, in order; {{name}} and the schedule variables are rendered at send time',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  templateVariables?: string[];

  @ApiPropertyOptional({ description: 'Templates whose header is an image, a video or a document: the public https address of the file' })
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  @MaxLength(2000)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false })
  templateHeaderMediaUrl?: string | null;
}
