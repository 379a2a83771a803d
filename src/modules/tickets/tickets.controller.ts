import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type JsonText, sendJsonText } from '../../common/http/json-text.js';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { CreateTicketDto } from './dto/create-ticket.dto.js';
import { ListTicketsQuery, TicketCountsQuery } from './dto/list-tickets.query.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { type TicketDetail, type TicketWithTags, TicketsService } from './tickets.service.js';
import type { TicketCountsResponse, TicketPageResponse } from '../../shared/api-types.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Every attendant works tickets; which ones is decided per record by the visibility rules. */
@ApiTags('tickets')
@ApiBearerAuth()
@Controller('tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  @AnyUser()
  @ApiOkResponse({ description: 'TicketPageResponse: `{ tickets, hasMore, count, countCapped, cursor }`' })
  async list(@Auth() ctx: AuthContext, @Query() query: ListTicketsQuery, @Res({ passthrough: true }) res: Response): Promise<JsonText<TicketPageResponse>> {
    return sendJsonText(res, await this.tickets.list(ctx, query));
  }

  @Get('counts')
  @AnyUser()
  counts(@Auth() ctx: AuthContext, @Query() query: TicketCountsQuery): Promise<TicketCountsResponse> {
    return this.tickets.counts(ctx, query.showAll, query.queueIds);
  }

  @Get('u/:uuid')
  @AnyUser()
  byUuid(@Auth() ctx: AuthContext, @Param('uuid', new ParseUUIDPipe()) uuid: string): Promise<TicketDetail> {
    return this.tickets.detail(ctx, { uuid });
  }

  @Get(':id')
  @AnyUser()
  byId(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<TicketDetail> {
    return this.tickets.detail(ctx, { id });
  }

  @Post()
  @AnyUser()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateTicketDto): Promise<TicketWithTags> {
    return this.tickets.create(ctx, dto);
  }

  @Put(':id')
  @AnyUser()
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateTicketDto): Promise<TicketWithTags> {
    return this.tickets.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @AnyUser()
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.tickets.remove(ctx, id);
  }
}
