import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { ApiCompanyIdQuery, CompanyIdQuery } from '../../common/decorators/company-id.query.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import type { UserResponse } from './user.mapper.js';
import { USER_SESSIONS, type UserSessions } from './user-sessions.port.js';
import { UsersService } from './users.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const USER_LIST: ListAllowlist = {
  filters: { profile: 'profile', id: 'id' },
  sort: { id: 'id', name: 'name', email: 'email', profile: 'profile', createdAt: 'createdAt' },
  defaultSort: ['name', 'ASC'],
  companyScoped: true,
};

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    @Inject(USER_SESSIONS) private readonly sessions: UserSessions,
  ) {}

  @Get()
  @Policy('read', 'User')
  @ApiListQuery()
  @ApiCompanyIdQuery('the users')
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(USER_LIST) query: ListParams,
    @CompanyIdQuery() companyId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'users', UserResponse>> {
    return listResponse(res, 'users', query, await this.users.list(ctx, query, companyId));
  }

  @Get('list')
  @Policy('read', 'User')
  @ApiQuery({ name: 'searchParam', required: false, description: 'part of the name (the transfer dialog searches from 3 characters)' })
  @ApiCompanyIdQuery('every user')
  listAll(@Auth() ctx: AuthContext, @CompanyIdQuery() companyId: number | undefined, @Query('searchParam') searchParam?: string): Promise<UserResponse[]> {
    return this.users.listAll(ctx, typeof searchParam === 'string' ? searchParam.trim().slice(0, 100) : '', companyId);
  }

  /** Super users reach a user of any company by id (here and in PUT/DELETE); everyone else only their company's. */
  @Get(':id')
  @Policy('read', 'User')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<UserResponse> {
    return this.users.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'User')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateUserDto): Promise<UserResponse> {
    return this.users.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'User')
  async update(
    @Auth() ctx: AuthContext,
    @IdParam('id') id: number,
    @Body() dto: UpdateUserDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserResponse> {
    const user = await this.users.update(ctx, id, dto);
    if (id === ctx.userId && dto.password !== undefined) {
      // The update ended every session of the user; the caller gets a new one here and the browser refreshes with it.
      await this.sessions.continue(ctx.userId, req, res);
    }
    return user;
  }

  /** After too many failed logins an account is locked from the guessing addresses; its admin opens it again. */
  @Post(':id/unlock-login')
  @HttpCode(204)
  @Policy('manage', 'User')
  @ApiNoContentResponse({ description: "The user's failed-login locks are cleared (every address); 503 while Redis is down" })
  async unlockLogin(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.users.unlockLogin(ctx, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'User')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.users.remove(ctx, id);
  }
}
