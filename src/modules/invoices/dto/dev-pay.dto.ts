import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** Which sandbox charge to pay: by its txid, or the latest open charge of an invoice. */
export class DevPayDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{1,35}$/)
  txid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  invoiceId?: number;
}
