import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import type { ChatMessageResponse, ChatResponse } from './chat.mapper.js';
import { ChatsService } from './chats.service.js';
import { ChatPageQuery, CreateChatDto, SendChatMessageDto, UpdateChatDto } from './dto/chat-fields.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Every profile chats; membership and ownership are checked in the service. */
@ApiTags('chats')
@ApiBearerAuth()
@AnyUser()
@RequiresPlan('useInternalChat')
@Controller('chats')
export class ChatsController {
  constructor(private readonly chats: ChatsService) {}

  @Get()
  list(@Auth() ctx: AuthContext, @Query() query: ChatPageQuery) {
    return this.chats.list(ctx, query.pageNumber);
  }

  @Get(':id')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ChatResponse> {
    return this.chats.findOne(ctx, id);
  }

  @Post()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateChatDto): Promise<ChatResponse> {
    return this.chats.create(ctx, dto);
  }

  @Put(':id')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateChatDto): Promise<ChatResponse> {
    return this.chats.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.chats.remove(ctx, id);
  }

  /** The browser may send `userId`; the reader is always the caller. */
  @Post(':id/read')
  @HttpCode(200)
  read(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ChatResponse> {
    return this.chats.markRead(ctx, id);
  }

  @Get(':id/messages')
  messages(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Query() query: ChatPageQuery) {
    return this.chats.messages(ctx, id, query.pageNumber);
  }

  @Post(':id/messages')
  send(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: SendChatMessageDto): Promise<ChatMessageResponse> {
    return this.chats.send(ctx, id, dto.message);
  }
}
