import { makeWASocket, type BaileysEventEmitter, type UserFacingSocketConfig, type WASocket } from '@whiskeysockets/baileys';

/** The part of a Baileys socket the session uses, small enough for a fake in unit tests. */
export type BaileysSocket = Pick<
  WASocket,
  'sendMessage' | 'logout' | 'end' | 'onWhatsApp' | 'readMessages' | 'profilePictureUrl' | 'requestPairingCode' | 'updateMediaMessage' | 'user'
> & { ev: Pick<BaileysEventEmitter, 'on' | 'off'> };

export type SocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;

export const makeBaileysSocket: SocketFactory = (config) => makeWASocket(config);
