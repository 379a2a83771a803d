import { Body, Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ConnectionsService } from './connections.service.js';
import { StartSessionDto } from './dto/start-session.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const DONE = { message: 'Starting session.' };

/** Session actions of the connections screen: try again, new QR code, disconnect. */
@ApiTags('connections')
@ApiBearerAuth()
@Controller('whatsappsession')
export class SessionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Post(':id')
  @HttpCode(200)
  @Policy('actionButtons', 'connections-page')
  async retry(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: StartSessionDto): Promise<{ message: string }> {
    await this.connections.startSession(ctx, id, dto.pairingPhone);
    return DONE;
  }

  @Put(':id')
  @Policy('actionButtons', 'connections-page')
  async newQrCode(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<{ message: string }> {
    await this.connections.newQrCode(ctx, id);
    return DONE;
  }

  @Delete(':id')
  @Policy('actionButtons', 'connections-page')
  async disconnect(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<{ message: string }> {
    await this.connections.disconnect(ctx, id);
    return { message: 'Session disconnected.' };
  }
}
