import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SIMULATOR_SECRET_HEADER, SimulatorSecretGuard } from '../../channels/simulator/simulator-secret.guard.js';
import { Public } from '../../common/decorators/access.decorators.js';
import { DevPayDto } from './dto/dev-pay.dto.js';
import { SandboxPaymentsService } from './sandbox-payments.service.js';
import type { WebhookOutcome } from './payment-webhook.service.js';

/**
 * Development only: pays a sandbox charge (`npm run pay`). Not registered in production (InvoicesModule.forRoot),
 * where the simulator secret does not exist either.
 */
@ApiTags('dev')
@Controller('dev/payments')
@ApiHeader({ name: SIMULATOR_SECRET_HEADER, required: true })
export class SandboxPaymentsController {
  constructor(private readonly sandbox: SandboxPaymentsService) {}

  @Public()
  @UseGuards(SimulatorSecretGuard)
  @Post('pay')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The charge paid, the transaction id and what the webhook did with it' })
  pay(@Body() dto: DevPayDto): Promise<{ txid: string; endToEndId: string; outcome: WebhookOutcome }> {
    return this.sandbox.pay(dto);
  }
}
