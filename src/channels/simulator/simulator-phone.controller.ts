import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/access.decorators.js';
import { appError } from '../../common/errors/app-error.js';
import { ChannelsRepository } from '../channels.repository.js';
import { CloudFakePhone } from '../cloud-api/cloud-fake-phone.js';
import { CLOUD_PROVIDER } from '../cloud-api/cloud-provider.js';
import { injectSimulatedTraffic } from './simulated-traffic.js';
import { SimulateInboundDto } from './simulate-inbound.dto.js';
import { SIMULATOR_PROVIDER } from './simulator-provider.factory.js';
import { SimulatorPhones } from './simulator-phones.js';
import { SIMULATOR_SECRET_HEADER, SimulatorSecretGuard } from './simulator-secret.guard.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

interface PhoneConnection {
  id: number;
  companyId: number;
  name: string;
  isDefault: boolean;
  /** `simulator`, or `cloud` for a Cloud API connection (played through the local Graph API fake). */
  provider: string;
}

/**
 * Development only (not registered in production): the simulated phones, reached with the data directory's
 * simulator secret instead of a user session. `npm run simulate` uses these routes.
 */
@ApiTags('dev')
@ApiHeader({ name: SIMULATOR_SECRET_HEADER, required: true })
@Public()
@UseGuards(SimulatorSecretGuard)
@Controller('dev/phone')
export class SimulatorPhoneController {
  constructor(
    private readonly phones: SimulatorPhones,
    private readonly repository: ChannelsRepository,
    private readonly cloudPhone: CloudFakePhone,
  ) {}

  /** The simulated connections of every company (default ones first), then the Cloud API ones. */
  @Get('connections')
  async connections(): Promise<PhoneConnection[]> {
    const [simulated, cloud] = await Promise.all([
      this.repository.simulatorConnections(SIMULATOR_PROVIDER),
      this.repository.simulatorConnections(CLOUD_PROVIDER),
    ]);
    const of = (provider: string) => (r: (typeof simulated)[number]) => ({
      id: r.id,
      companyId: r.company_id,
      name: r.name,
      isDefault: r.is_default,
      provider,
    });
    return [...simulated.map(of(SIMULATOR_PROVIDER)), ...cloud.map(of(CLOUD_PROVIDER))];
  }

  @Post(':connectionId/inbound')
  @HttpCode(202)
  async inbound(@IdParam('connectionId') connectionId: number, @Body() dto: SimulateInboundDto): Promise<{ id: string }> {
    const row = await this.repository.simulatorConnection(SIMULATOR_PROVIDER, connectionId);
    // A Cloud API connection's customer writes through the local Graph API fake, which posts Meta's webhook.
    if (!row && (await this.cloudPhone.companyOf(connectionId)) !== null) return this.cloudPhone.inbound(connectionId, dto);
    if (!row) throw appError('ERR_NO_WAPP_FOUND');
    return injectSimulatedTraffic(await this.phones.phone(row.company_id, connectionId), dto);
  }
}
