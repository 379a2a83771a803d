import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ScheduleTemplatesResponse } from '../../shared/api-types.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { CreateScheduleDto } from './dto/create-schedule.dto.js';
import { ListSchedulesQuery } from './dto/list-schedules.query.js';
import { ScheduleTemplatesQuery } from './dto/schedule-templates.query.js';
import { UpdateScheduleDto } from './dto/update-schedule.dto.js';
import type { ScheduleResponse } from './schedule.mapper.js';
import { SchedulesService } from './schedules.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Every profile uses the calendar (core-attendant route table); who may change a schedule is checked in the service. */
@ApiTags('schedules')
@ApiBearerAuth()
@AnyUser()
@RequiresPlan('useSchedules')
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get()
  list(@Auth() ctx: AuthContext, @Query() query: ListSchedulesQuery) {
    return this.schedules.list(ctx, query);
  }

  /** Before `:id`: the schedule dialog's template picker, for everyone who schedules (the template list is admins'). */
  @Get('templates')
  @ApiOperation({ summary: 'The approved templates a schedule sends through this connection (or the default one), when it is a WhatsApp Cloud API one' })
  @ApiOkResponse({ description: '{ whatsappId, cloud, templates }; templates is empty on other providers' })
  templates(@Auth() ctx: AuthContext, @Query() query: ScheduleTemplatesQuery): Promise<ScheduleTemplatesResponse> {
    return this.schedules.templates(ctx, query.whatsappId ?? null);
  }

  @Get(':id')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ScheduleResponse> {
    return this.schedules.findOne(ctx, id);
  }

  @Post()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateScheduleDto): Promise<ScheduleResponse> {
    return this.schedules.create(ctx, dto);
  }

  @Put(':id')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateScheduleDto): Promise<ScheduleResponse> {
    return this.schedules.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.schedules.remove(ctx, id);
  }
}
