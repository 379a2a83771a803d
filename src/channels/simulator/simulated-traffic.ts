import { randomBytes } from 'node:crypto';
import { appError, AppError, fieldError } from '../../common/errors/app-error.js';
import type { InboundMediaType, InboundMessage } from '../channel-provider.js';
import { jidFor, normaliseNumber } from '../numbers.js';
import type { SimulateInboundDto } from './simulate-inbound.dto.js';
import type { SimulatorSession } from './simulator-session.js';

const required = (value: string | undefined, field: string): string => {
  if (!value) throw fieldError(field, `${field} is required for this type`);
  return value;
};

/**
 * Turns one dev-endpoint request into the events a real phone would produce; answers the provider id used once the
 * event is durably recorded (like a receipt a real phone would get).
 */
export async function injectSimulatedTraffic(session: SimulatorSession, dto: SimulateInboundDto): Promise<{ id: string }> {
  try {
    return await inject(session, dto);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Not recorded, so not acknowledged: the sender keeps the message and tries again.
    throw appError('ERR_INBOUND_NOT_RECORDED', 'The message could not be recorded; send it again');
  }
}

async function inject(session: SimulatorSession, dto: SimulateInboundDto): Promise<{ id: string }> {
  const from = normaliseNumber(dto.from);
  const id = dto.id ?? `SIMIN${randomBytes(8).toString('hex').toUpperCase()}`;
  const kind = dto.type ?? 'text';
  switch (kind) {
    case 'edit':
      await session.injectEdit(required(dto.targetId, 'targetId'), required(dto.body, 'body'));
      return { id: dto.targetId! };
    case 'revoke':
      await session.injectRevoke(required(dto.targetId, 'targetId'));
      return { id: dto.targetId! };
    case 'ack':
      await session.injectAck(required(dto.targetId, 'targetId'), dto.ack ?? 3);
      return { id: dto.targetId! };
    case 'call':
      await session.injectCall({ callId: id, from, isVideo: dto.isVideo ?? false, isGroup: false, timestamp: new Date() });
      return { id };
    case 'close':
      session.injectClose(dto.loggedOut ?? false);
      return { id };
    default:
      await session.injectMessage(buildMessage(dto, kind, from, id));
      return { id };
  }
}

function buildMessage(dto: SimulateInboundDto, kind: SimulateInboundDto['type'], from: string, id: string): InboundMessage {
  const group = dto.group;
  const base = {
    providerId: id,
    remoteJid: group ? jidFor(group.id, true) : jidFor(from),
    fromMe: false,
    isGroup: Boolean(group),
    contactNumber: group ? group.id : from,
    pushName: dto.name ?? null,
    groupName: group?.name ?? null,
    participant: group ? jidFor(from) : null,
    senderName: group ? (dto.name ?? from) : null,
    timestamp: new Date(),
    quotedProviderId: dto.quotedId ?? null,
  };
  const typed = (mediaType: InboundMediaType, body: string) => ({ ...base, mediaType, body });
  switch (kind) {
    case 'media': {
      const data = Buffer.from(required(dto.mediaBase64, 'mediaBase64'), 'base64');
      const mimetype = required(dto.mimetype, 'mimetype');
      const mediaType: InboundMediaType = mimetype.startsWith('image/')
        ? 'image'
        : mimetype.startsWith('audio/')
          ? 'audio'
          : mimetype.startsWith('video/')
            ? 'video'
            : 'application';
      const audio = mediaType === 'audio' ? { seconds: dto.seconds ?? null, voiceNote: dto.voiceNote ?? false } : {};
      return {
        ...typed(mediaType, dto.body ?? ''),
        media: { mimetype, fileName: dto.fileName ?? null, size: data.length, ...audio, download: async () => data },
      };
    }
    case 'location':
      return typed('locationMessage', `${dto.latitude ?? 0},${dto.longitude ?? 0}${dto.body ? `\n${dto.body}` : ''}`);
    case 'vcard':
      return typed('contactMessage', required(dto.body, 'body'));
    case 'reaction':
      return { ...typed('reactionMessage', required(dto.body, 'body')), reactionTo: required(dto.targetId, 'targetId') };
    default:
      return typed('chat', dto.body ?? '');
  }
}
