import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { CloudFakePhone } from '../cloud-api/cloud-fake-phone.js';
import { injectSimulatedTraffic } from './simulated-traffic.js';
import { SimulateInboundDto } from './simulate-inbound.dto.js';
import { SimulatorPhones } from './simulator-phones.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Development only (not registered in production): customer traffic for a simulated connection of the caller's company. */
@ApiTags('dev')
@ApiBearerAuth()
@Controller('dev/simulator')
export class SimulatorController {
  constructor(
    private readonly phones: SimulatorPhones,
    private readonly cloudPhone: CloudFakePhone,
  ) {}

  @Post(':connectionId/inbound')
  @HttpCode(202)
  @Policy('update', 'Connection')
  async inbound(@Auth() ctx: AuthContext, @IdParam('connectionId') connectionId: number, @Body() dto: SimulateInboundDto): Promise<{ id: string }> {
    // A Cloud API connection of the caller's company on the local Graph API fake: the fake posts Meta's webhook.
    if ((await this.cloudPhone.companyOf(connectionId)) === ctx.companyId) return this.cloudPhone.inbound(connectionId, dto);
    return injectSimulatedTraffic(await this.phones.phone(ctx.companyId, connectionId), dto);
  }

  /** Completes the fake QR scan at once. */
  @Post(':connectionId/scan')
  @HttpCode(202)
  @Policy('update', 'Connection')
  async scan(@Auth() ctx: AuthContext, @IdParam('connectionId') connectionId: number): Promise<{ ok: true }> {
    await (await this.phones.phone(ctx.companyId, connectionId)).scan();
    return { ok: true };
  }
}
