import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Max, Min } from 'class-validator';

const INT4_MAX = 2_147_483_647;

/** The announcements the bell showed when it was opened; inactive or unknown ids are skipped. */
export class MarkAnnouncementsReadDto {
  @ApiProperty({ type: [Number], maxItems: 200, example: [3, 5] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(INT4_MAX, { each: true })
  ids!: number[];
}
