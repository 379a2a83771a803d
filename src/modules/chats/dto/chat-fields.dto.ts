import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { trim } from '../../../common/dto/field-transforms.js';

export class ChatMemberDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  id!: number;
}

export class CreateChatDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title!: string;

  @ApiProperty({ type: [ChatMemberDto], description: 'The other members; the creator is added as owner' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ChatMemberDto)
  users!: ChatMemberDto[];
}

export class UpdateChatDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title?: string;

  @ApiPropertyOptional({ type: [ChatMemberDto] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ChatMemberDto)
  users?: ChatMemberDto[];
}

export class SendChatMessageDto {
  @ApiProperty({ maxLength: 10000 })
  @IsString()
  @Transform(trim)
  @IsNotEmpty()
  @MaxLength(10000)
  message!: string;
}

export class ChatPageQuery {
  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  pageNumber?: number;
}
