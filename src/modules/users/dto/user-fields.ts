import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsPositive } from 'class-validator';
import { emptyToNull } from '../../../common/dto/field-transforms.js';
import { PROFILES } from '../../../shared/permissions.js';
import { ALL_TICKET_VALUES } from '../user.entity.js';
import { Nullable } from '../../../common/dto/nullable.js';

/** Fields shared by create and update. */
export class UserOptionalFields {
  @ApiPropertyOptional({ enum: PROFILES })
  @IsOptional()
  @IsIn(PROFILES)
  profile?: (typeof PROFILES)[number];

  @ApiPropertyOptional({ enum: ALL_TICKET_VALUES })
  @IsOptional()
  @IsIn(ALL_TICKET_VALUES)
  allTicket?: (typeof ALL_TICKET_VALUES)[number];

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsInt()
  @IsPositive()
  whatsappId?: number | null;

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @IsPositive({ each: true })
  queueIds?: number[];

  /** Super users may create a user in another company; otherwise it may only repeat the company (a user keeps its company). */
  @ApiPropertyOptional({
    description:
      "POST by a super user: the company to add the user to. Otherwise only the caller's (POST) or the user's (PUT) company; another one gets 403 (400 for a super user's PUT)",
  })
  @IsOptional()
  @IsInt()
  @IsPositive()
  companyId?: number;
}
