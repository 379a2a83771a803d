import { Body, Controller, Headers, HttpCode, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { memoryStorage } from 'multer';
import { Public } from '../../common/decorators/access.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { MAX_MEDIA_BYTES } from '../../infra/storage/media-types.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { ConnectionTokenAuth } from './connection-token.auth.js';
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
  constructor(
    private readonly tokens: ConnectionTokenAuth,
    private readonly outbound: OutboundMessages,
  ) {}

  @Public()
  @Post('send')
  @HttpCode(200)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOkResponse({ schema: { example: { message: 'Mensagem enviada com sucesso', ticketId: 1, messageId: 10, messageIds: [10] } } })
  @UseInterceptors(FilesInterceptor('medias', 10, { storage: memoryStorage(), limits: { fileSize: MAX_MEDIA_BYTES, files: 10 } }))
  async send(
    @Headers('authorization') authorization: string | undefined,
    @Body() dto: SendExternalMessageDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
  ): Promise<ExternalSendResponse> {
    const principal = await this.tokens.authenticate(authorization);
    const body = dto.body?.trim() ?? '';
    const medias = files ?? [];
    if (!body && medias.length === 0) throw new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'body', messages: ['body or medias is required'] }] });

    const sent = medias.length
      ? await this.sendFiles(principal.companyId, principal.connectionId, dto.number, body, medias)
      : [await this.outbound.sendToNumber(principal.companyId, principal.connectionId, dto.number, body)];
    return { message: 'Mensagem enviada com sucesso', ticketId: sent[0]!.ticketId, messageId: sent[0]!.message.id, messageIds: sent.map((s) => s.message.id) };
  }

  /** The body goes as the caption of the first file. */
  private async sendFiles(companyId: number, connectionId: number, number: string, body: string, medias: Express.Multer.File[]) {
    const sent = [];
    for (const [index, file] of medias.entries()) {
      sent.push(
        await this.outbound.sendToNumber(companyId, connectionId, number, index === 0 ? body : '', {
          buffer: file.buffer,
          mimetype: file.mimetype,
          originalName: file.originalname,
        }),
      );
    }
    return sent;
  }
}
