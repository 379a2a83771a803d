import { appError } from '../common/errors/app-error.js';
import type { ChannelSession, OutgoingMedia, SendOptions, StartOptions } from './channel-provider.js';
import type { SessionCommand } from './session-commands.js';

/** Session calls another process may ask this one to run. */
const SESSION_OPS = new Set(['sendText', 'sendMedia', 'edit', 'deleteForEveryone', 'sendReaction', 'markRead', 'checkNumber', 'profilePictureUrl']);

/** What running another process's command needs of the ChannelManager. */
export interface CommandHost {
  startHere(companyId: number, connectionId: number, options: StartOptions | null): Promise<void>;
  logout(companyId: number, connectionId: number, reason: string): Promise<void>;
  newQrCode(companyId: number, connectionId: number): Promise<void>;
  forget(connectionId: number): Promise<void>;
  /** The connected session here (waiting a little for one being taken over), or ERR_WAPP_NOT_INITIALIZED. */
  connectedHere(companyId: number, connectionId: number): Promise<ChannelSession>;
  /** The bytes of a media send, stashed beside the command. */
  take(blob: string): Promise<Buffer>;
}

/** Runs a command another process sent to this one (see SessionCommands); unknown operations are refused. */
export async function performSessionCommand(command: SessionCommand, host: CommandHost): Promise<unknown> {
  const { op, companyId, connectionId, args } = command;
  switch (op) {
    case 'start':
      return host.startHere(companyId, connectionId, args[0] as StartOptions | null);
    case 'logout':
      return host.logout(companyId, connectionId, args[0] as string);
    case 'newQrCode':
      return host.newQrCode(companyId, connectionId);
    case 'forget':
      return host.forget(connectionId);
  }
  if (!SESSION_OPS.has(op)) throw appError('ERR_BAD_REQUEST', `Unknown session command ${op}`);
  const session = await host.connectedHere(companyId, connectionId);
  if (op === 'sendMedia') {
    const [to, media, options] = args as [string, OutgoingMedia & { blob: string }, SendOptions];
    const { blob, ...described } = media;
    return session.sendMedia(to, { ...described, buffer: await host.take(blob) }, options);
  }
  const call = (session as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[op]!;
  return call.apply(session, args);
}
