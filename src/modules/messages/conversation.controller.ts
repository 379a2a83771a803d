import { Body, Controller, Delete, Get, Post, Put, Query, Res, UploadedFiles } from '@nestjs/common';
import type { Response } from 'express';
import { type JsonText, sendJsonText } from '../../common/http/json-text.js';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { MessageMediaUpload, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import { fieldError } from '../../common/errors/app-error.js';
import { ConversationService } from './conversation.service.js';
import { EditMessageDto, SendMessageDto } from './dto/send-message.dto.js';
import { ReactMessageDto } from './dto/react-message.dto.js';
import { SendTemplateDto } from './dto/send-template.dto.js';
import type { MessageTemplateResponse } from '../message-templates/message-template.mapper.js';
import type { MessageResponse } from './message.mapper.js';
import type { MessagePageResponse } from '../../shared/api-types.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

/** Registered after the external API, so `POST /api/messages/send` is never read as a ticket id. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('messages')
export class ConversationController {
  constructor(private readonly conversation: ConversationService) {}

  @Get(':ticketId')
  @AnyUser()
  @ApiQuery({ name: 'cursor', required: false, description: 'keyset cursor from the previous (newer) page' })
  @ApiOkResponse({ description: 'MessagePageResponse: `{ messages, hasMore, cursor, ticket, serviceWindow }`' })
  async list(
    @Auth() ctx: AuthContext,
    @IdParam('ticketId') ticketId: number,
    @Res({ passthrough: true }) res: Response,
    @Query('cursor') cursor?: string,
  ): Promise<JsonText<MessagePageResponse>> {
    if (cursor !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw fieldError('cursor', 'invalid cursor');
    return sendJsonText(res, await this.conversation.list(ctx, ticketId, cursor));
  }

  /** The approved templates the conversation's connection can send (WhatsApp Cloud API; empty elsewhere). */
  @Get(':ticketId/templates')
  @AnyUser()
  templates(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number): Promise<MessageTemplateResponse[]> {
    return this.conversation.templatesFor(ctx, ticketId);
  }

  /** An approved template into the conversation: allowed whether the customer's 24-hour window is open or closed. */
  @Post(':ticketId/template')
  @AnyUser()
  sendTemplate(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number, @Body() dto: SendTemplateDto): Promise<MessageResponse> {
    return this.conversation.sendTemplate(ctx, ticketId, dto);
  }

  @Post('edit/:messageId')
  @AnyUser()
  edit(@Auth() ctx: AuthContext, @IdParam('messageId') messageId: number, @Body() dto: EditMessageDto): Promise<MessageResponse> {
    return this.conversation.edit(ctx, messageId, dto.body ?? '');
  }

  /** Our emoji on a message ('' takes ours back): sent like a message of ours, whoever may write in its ticket. */
  @Post(':messageId/reactions')
  @AnyUser()
  @ApiOperation({ summary: 'React to a message with an emoji, or remove our reaction with an empty one' })
  react(@Auth() ctx: AuthContext, @IdParam('messageId') messageId: number, @Body() dto: ReactMessageDto): Promise<MessageResponse> {
    return this.conversation.react(ctx, messageId, dto.emoji);
  }

  @Post(':ticketId')
  @AnyUser()
  @MessageMediaUpload()
  send(
    @Auth() ctx: AuthContext,
    @IdParam('ticketId') ticketId: number,
    @Body() dto: SendMessageDto,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<MessageResponse[]> {
    const voiceNote = dto.voiceNote === true;
    const medias = (files ?? []).map((f) => ({
      storedPath: f.path,
      size: f.size,
      mimetype: f.mimetype,
      originalName: f.originalName,
      voiceNote: voiceNote && f.mimetype.startsWith('audio/'),
    }));
    return this.conversation.send(ctx, ticketId, dto.body ?? '', dto.quotedMsg?.id ?? null, medias);
  }

  /** A file list into the conversation: its message, then each option's file (the message rides on the first). */
  @Post(':ticketId/file-list/:fileListId')
  @AnyUser()
  sendFileList(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number, @IdParam('fileListId') fileListId: number): Promise<MessageResponse[]> {
    return this.conversation.sendFileList(ctx, ticketId, fileListId);
  }

  /** Marks the conversation read (the browser calls it when a conversation gets focus again). */
  @Put(':ticketId')
  @AnyUser()
  markRead(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number): Promise<{ ticketId: number; unreadMessages: number }> {
    return this.conversation.markConversationRead(ctx, ticketId);
  }

  @Delete(':messageId')
  @AnyUser()
  remove(@Auth() ctx: AuthContext, @IdParam('messageId') messageId: number): Promise<MessageResponse> {
    return this.conversation.remove(ctx, messageId);
  }
}
