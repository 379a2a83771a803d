import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsPositive, IsString, IsUrl, MaxLength } from 'class-validator';

/** An approved template into a conversation (WhatsApp Cloud API), the only message Meta delivers outside 24 hours. */
export class SendTemplateDto {
  @ApiProperty({ description: 'id of a synced template (GET /api/messages/{ticketId}/templates)' })
  @IsInt()
  @IsPositive()
  templateId!: number;

  @ApiProperty({ type: [String], description: 'values of {{1}}, {{2}}... of the body, in order; exactly as many as it has' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  variables!: string[];

  @ApiPropertyOptional({ description: 'templates whose header is an image, a video or a document: the public https address of the file' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false })
  headerMediaUrl?: string;
}
