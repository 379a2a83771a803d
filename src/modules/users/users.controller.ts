import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../common/decorators/auth-context.decorator.js';
import { listResponse, parseListQuery, type ListAllowlist } from '../../common/list-query/list-query.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { ApiCompanyIdQuery, CompanyIdQuery } from '../../common/decorators/company-id.query.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import type { UserResponse } from './user.mapper.js';
import { UsersService } from './users.service.js';

const USER_LIST: ListAllowlist = {
  filters: { profile: 'profile', id: 'id' },
  sort: { id: 'id', name: 'name', email: 'email', profile: 'profile', createdAt: 'createdAt' },
  defaultSort: ['name', 'ASC'],
};

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Policy('read', 'User')
  @ApiListQuery()
  @ApiCompanyIdQuery('the users')
  async list(
    @Auth() ctx: AuthContext,
    @Query() raw: Record<string, unknown>,
    @CompanyIdQuery() companyId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    const query = parseListQuery(raw, USER_LIST);
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
  findOne(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number): Promise<UserResponse> {
    return this.users.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'User')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateUserDto): Promise<UserResponse> {
    return this.users.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'User')
  update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateUserDto): Promise<UserResponse> {
    return this.users.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'User')
  async remove(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number): Promise<void> {
    await this.users.remove(ctx, id);
  }
}
