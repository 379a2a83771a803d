import { Body, Controller, HttpCode, Post, UploadedFiles, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/access.decorators.js';
import { MessageMediaUpload, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import { fieldError } from '../../common/errors/app-error.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import type { ConnectionPrincipal } from './connection-token.auth.js';
import { ConnectionTokenGuard, Principal } from './connection-token.guard.js';
import { SendExternalMessageDto } from './dto/send-external-message.dto.js';

export interface ExternalSendResponse {
  message: string;
  ticketId: number;
  /** The first (often the only) message; every message when several files were sent. */
  messageId: number;
  messageIds: number[];
}

/**
 * `POST /api/messages/send`. This module is registered before the tickets' `POST /api/messages/:ticketId`, so the
 * static path always wins.
 */
@ApiTags('external-api')
@ApiBearerAuth()
@Controller('messages')
export class ExternalApiController {
  constructor(private readonly outbound: OutboundMessages) {}

  @Public()
  @Post('send')
  @HttpCode(200)
  @UseGuards(ConnectionTokenGuard)
  @MessageMediaUpload()
  @ApiOkResponse({ schema: { example: { message: 'Mensagem enviada com sucesso', ticketId: 1, messageId: 10, messageIds: [10] } } })
  async send(
    @Principal() principal: ConnectionPrincipal,
    @Body() dto: SendExternalMessageDto,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<ExternalSendResponse> {
    const body = dto.body?.trim() ?? '';
    const medias = files ?? [];
    if (!body && medias.length === 0) throw fieldError('body', 'body or medias is required');

    const sent = medias.length
      ? await this.sendFiles(principal.companyId, principal.connectionId, dto.number, body, medias)
      : [await this.outbound.sendToNumber(principal.companyId, principal.connectionId, dto.number, body)];
    return { message: 'Mensagem enviada com sucesso', ticketId: sent[0]!.ticketId, messageId: sent[0]!.message.id, messageIds: sent.map((s) => s.message.id) };
  }

  /** The body goes as the caption of the first file. */
  private async sendFiles(companyId: number, connectionId: number, number: string, body: string, medias: UploadedMedia[]) {
    const sent = [];
    for (const [index, file] of medias.entries()) {
      sent.push(
        await this.outbound.sendToNumber(companyId, connectionId, number, index === 0 ? body : '', {
          storedPath: file.path,
          size: file.size,
          mimetype: file.mimetype,
          originalName: file.originalName,
        }),
      );
    }
    return sent;
  }
}
