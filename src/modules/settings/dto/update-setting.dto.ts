import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class UpdateSettingDto {
  @ApiProperty({ example: 'enabled' })
  @IsString()
  @MaxLength(2000)
  value!: string;

  /** The browser repeats the key in the body; the path is authoritative. */
  @ApiProperty({ required: false })
  @IsOptional()
  @IsString()
  key?: string;
}
