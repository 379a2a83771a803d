import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { BillingAccess, Policy } from '../../common/decorators/access.decorators.js';
import type { SubscriptionResponse, SubscriptionSummaryResponse } from '../../shared/billing-api-types.js';
import { SubscriptionDto } from './dto/subscription.dto.js';
import { InvoicesService } from './invoices.service.js';
import { SubscriptionService } from './subscription.service.js';

/** The subscription page and the checkout's order. Also open to a billing-only session. */
@ApiTags('subscription')
@ApiBearerAuth()
@BillingAccess()
@Controller('subscription')
export class SubscriptionController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly subscription: SubscriptionService,
  ) {}

  @Get()
  @Policy('read', 'Invoice')
  summary(@Auth() ctx: AuthContext): Promise<SubscriptionSummaryResponse> {
    return this.invoices.summary(ctx);
  }

  /** A Pix charge for an open invoice: `qrcode.qrcode` (BR Code) and `valor.original` (the invoice's value). */
  @Post()
  @HttpCode(200)
  @Policy('update', 'Invoice')
  @ApiOkResponse({ description: 'The Pix charge' })
  charge(@Auth() ctx: AuthContext, @Body() dto: SubscriptionDto): Promise<SubscriptionResponse> {
    return this.subscription.charge(ctx, dto);
  }
}
