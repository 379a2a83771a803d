import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { CreateTicketNoteDto } from './dto/create-ticket-note.dto.js';
import { ListTicketNotesQueryDto } from './dto/list-ticket-notes-query.dto.js';
import type { TicketNoteResponse } from './ticket-note.mapper.js';
import { TicketNotesService } from './ticket-notes.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Open to every profile; ticket access and authorship are checked in the service. */
@ApiTags('ticket-notes')
@ApiBearerAuth()
@AnyUser()
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(private readonly notes: TicketNotesService) {}

  @Get('list')
  list(@Auth() ctx: AuthContext, @Query() query: ListTicketNotesQueryDto): Promise<TicketNoteResponse[]> {
    return this.notes.list(ctx, query);
  }

  @Post()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateTicketNoteDto): Promise<TicketNoteResponse> {
    return this.notes.create(ctx, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.notes.remove(ctx, id);
  }
}
