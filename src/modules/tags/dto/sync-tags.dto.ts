import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsPositive, ValidateNested } from 'class-validator';

export class TagRefDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  id!: number;
}

/** The ticket's whole tag list: tags left out are removed from the ticket. */
export class SyncTagsDto {
  @ApiProperty()
  @IsInt()
  @IsPositive()
  ticketId!: number;

  @ApiProperty({ type: [TagRefDto], maxItems: 100 })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TagRefDto)
  tags!: TagRefDto[];
}
