import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiCompanyIdQuery, CompanyIdQuery } from '../../common/decorators/company-id.query.js';
import { CloudConnectionCheck, CloudConnectionCheckResponse } from './cloud-connection-check.js';
import { type ConnectionWithToken, ConnectionsService } from './connections.service.js';
import { CreateConnectionDto } from './dto/create-connection.dto.js';
import { UpdateConnectionDto } from './dto/update-connection.dto.js';
import type { ConnectionResponse } from './whatsapp.mapper.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

@ApiTags('connections')
@ApiBearerAuth()
@Controller('whatsapp')
export class ConnectionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly cloudCheck: CloudConnectionCheck,
  ) {}

  @Get()
  @Policy('read', 'Connection')
  @ApiQuery({ name: 'session', required: false, description: 'accepted for compatibility; session secrets are never returned' })
  @ApiCompanyIdQuery('the connections')
  list(@Auth() ctx: AuthContext, @CompanyIdQuery() companyId: number | undefined, @Query('session') _session?: string): Promise<ConnectionResponse[]> {
    return this.connections.list(ctx, companyId);
  }

  /** Which providers this server can run (the simulator only outside production). */
  @Get('providers')
  @Policy('read', 'Connection')
  providers(): string[] {
    return this.connections.providers();
  }

  @Get(':id')
  @Policy('read', 'Connection')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ConnectionResponse> {
    return this.connections.findOne(ctx, id);
  }

  @Post()
  @Policy('addConnection', 'connections-page')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateConnectionDto): Promise<ConnectionWithToken> {
    return this.connections.create(ctx, dto);
  }

  @Put(':id')
  @Policy('editOrDeleteConnection', 'connections-page')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateConnectionDto): Promise<ConnectionResponse> {
    return this.connections.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('editOrDeleteConnection', 'connections-page')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.connections.remove(ctx, id);
  }

  @Post(':id/token')
  @HttpCode(200)
  @Policy('editOrDeleteConnection', 'connections-page')
  regenerateToken(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<{ token: string }> {
    return this.connections.regenerateToken(ctx, id);
  }

  @Post(':id/cloud/test')
  @HttpCode(200)
  @Policy('editOrDeleteConnection', 'connections-page')
  @ApiOperation({ summary: '"Testar conexão": reads the Cloud API phone number with the stored credentials' })
  @ApiOkResponse({ type: CloudConnectionCheckResponse })
  testCloud(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CloudConnectionCheckResponse> {
    return this.cloudCheck.check(ctx, id);
  }
}
