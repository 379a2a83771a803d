import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../../common/decorators/access.decorators.js';
import { appError } from '../../common/errors/app-error.js';
import { injectSimulatedTraffic } from './simulated-traffic.js';
import { SimulateInboundDto } from './simulate-inbound.dto.js';
import { SIMULATOR_PROVIDER, SimulatorProviderFactory } from './simulator-provider.factory.js';
import { SIMULATOR_SECRET_HEADER, SimulatorSecretGuard } from './simulator-secret.guard.js';

interface PhoneConnection {
  id: number;
  companyId: number;
  name: string;
  isDefault: boolean;
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
    private readonly simulator: SimulatorProviderFactory,
    private readonly em: EntityManager,
  ) {}

  /** The simulated connections of every company (default ones first). */
  @Get('connections')
  async connections(): Promise<PhoneConnection[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: number; company_id: number; name: string; is_default: boolean }>>(
        'select id, company_id, name, is_default from whatsapps where provider = ? order by is_default desc, company_id, id',
        [SIMULATOR_PROVIDER],
      );
    return rows.map((r) => ({ id: r.id, companyId: r.company_id, name: r.name, isDefault: r.is_default }));
  }

  @Post(':connectionId/inbound')
  @HttpCode(202)
  async inbound(@Param('connectionId', ParseIntPipe) connectionId: number, @Body() dto: SimulateInboundDto): Promise<{ id: string }> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ company_id: number }>>('select company_id from whatsapps where id = ? and provider = ?', [connectionId, SIMULATOR_PROVIDER]);
    if (!row) throw appError('ERR_NO_WAPP_FOUND');
    return injectSimulatedTraffic(this.simulator.session(row.company_id, connectionId), dto);
  }
}
