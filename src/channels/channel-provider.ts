// The port every WhatsApp provider implements (server-behaviour §2). No Nest or ORM imports here.

export const SESSION_STATUSES = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Message kinds as the browser draws them (core-attendant §Messages). */
export type InboundMediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'sticker'
  | 'locationMessage'
  | 'contactMessage'
  | 'vcard'
  | 'call_log'
  | 'reactionMessage';

export interface MessageKeyRef {
  providerId: string;
  remoteJid: string;
  fromMe: boolean;
  participant?: string | null;
}

export interface InboundMedia {
  mimetype: string;
  /** The name the sender gave the file; metadata only, never a path. */
  fileName?: string | null;
  size?: number | null;
  /** Audio: its length in seconds, as the sender's app stated it. */
  seconds?: number | null;
  /** Audio recorded as a voice note (push-to-talk) rather than sent as a file. */
  voiceNote?: boolean;
  download: () => Promise<Buffer>;
}

export interface InboundMessage {
  providerId: string;
  remoteJid: string;
  fromMe: boolean;
  isGroup: boolean;
  /** Customer number (digits) or, for groups, the group id. */
  contactNumber: string;
  /** Push name of the customer (or of the group's sender). */
  pushName?: string | null;
  groupName?: string | null;
  /** In groups: who sent it. */
  participant?: string | null;
  senderName?: string | null;
  timestamp: Date;
  mediaType: InboundMediaType;
  body: string;
  media?: InboundMedia | null;
  quotedProviderId?: string | null;
  /** For reactions: the message reacted to. */
  reactionTo?: string | null;
}

export interface InboundCall {
  callId: string;
  from: string;
  isVideo: boolean;
  isGroup: boolean;
  timestamp: Date;
}

export interface CloseInfo {
  /** 401/403/406 style closes: the device was logged out or banned; never reconnect by itself. */
  loggedOut: boolean;
  reason: string;
  statusCode?: number;
}

/** What a provider reports. The ChannelManager implements it. */
export interface ChannelEvents {
  qr(qr: string): void;
  pairingCode(code: string): void;
  connected(info: { phoneNumber?: string | null }): void;
  closed(info: CloseInfo): void;
  // Traffic events resolve once the event is durably recorded: only then may the provider acknowledge it.
  message(message: InboundMessage): Promise<void>;
  ack(providerId: string, ack: number): Promise<void>;
  edit(providerId: string, body: string, editedAt: Date): Promise<void>;
  revoke(providerId: string): Promise<void>;
  call(call: InboundCall): Promise<void>;
}

export interface OutgoingMedia {
  buffer: Buffer;
  mimetype: string;
  fileName: string;
  caption?: string;
  /** Voice note rather than an audio file. */
  ptt?: boolean;
  /** Audio length in whole seconds (WhatsApp shows it on the voice note). */
  seconds?: number;
}

export interface SendOptions {
  /** Provider message id chosen before sending, so the row exists before any ack arrives. */
  id: string;
  quoted?: MessageKeyRef & { body?: string };
}

/** An approved template as a send names it (providers with `templates`), with the values of its placeholders. */
/** A template send's values, as the template's parts take them (see cloud-api/template-slots.ts). */
export interface TemplateParams {
  /** The header's text placeholder (a header shows at most one). */
  header: { name: string; text: string }[];
  /** The body's placeholders: numbered ones by position, named ones by name. */
  body: { name: string; text: string }[];
  /** The URL buttons' suffixes, by the button's place among the template's buttons. */
  buttons: { index: number; text: string }[];
}

export interface OutgoingTemplateMessage {
  name: string;
  /** As approved: `pt_BR`, `en_US`. */
  language: string;
  params: TemplateParams;
  /** A header showing a file: the address the provider downloads it from. */
  headerMedia?: { kind: 'image' | 'video' | 'document'; link: string };
}

export interface SendResult {
  providerId: string;
  remoteJid: string;
  timestamp: Date;
}

export interface NumberCheck {
  exists: boolean;
  /** Digits as WhatsApp knows the number (Brazil's ninth digit resolved). */
  number: string;
  jid: string;
}

export interface StartOptions {
  /** Ask for a pairing code for this phone instead of a QR code. */
  pairingPhone?: string;
}

/** One live session of one connection. */
export interface ChannelSession {
  start(options?: StartOptions): Promise<void>;
  /** Close the socket, keep the credentials (process shutdown, restart). */
  stop(): Promise<void>;
  /** Unlink the device and drop the credentials. */
  logout(): Promise<void>;
  newMessageId(): string;
  sendText(to: string, body: string, options: SendOptions): Promise<SendResult>;
  sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult>;
  /** Only providers that declare `templates`. */
  sendTemplate?(to: string, template: OutgoingTemplateMessage, options: SendOptions): Promise<SendResult>;
  edit(key: MessageKeyRef, body: string): Promise<void>;
  deleteForEveryone(key: MessageKeyRef): Promise<void>;
  /** An emoji on the `target` message, sent as a message of its own under `options.id`; '' takes ours back. */
  sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult>;
  markRead(keys: MessageKeyRef[]): Promise<void>;
  checkNumber(number: string): Promise<NumberCheck>;
  profilePictureUrl(jid: string): Promise<string | null>;
}

export interface ConnectionRef {
  id: number;
  companyId: number;
  name: string;
}

/**
 * The lease a session runs under: a token that is the connection's newest until another session starts (credential
 * writes name it, and are refused afterwards), and how the session reports that it was fenced off that way.
 */
export interface SessionLease {
  token: string;
  fencedOff(): void;
}

/** Ways a person links a number to a connection by reading something on the phone. */
export type LinkingMethod = 'qrcode' | 'pairingCode';

/**
 * What a provider is and needs, declared by it, so the runtime asks instead of assuming WhatsApp Web: a linked
 * device runs a long-lived socket that one process at a time may hold (a lease, a worker, reconnects, a sweep that
 * restarts it); an official API is stateless HTTP that any process may call, with webhooks in.
 */
export interface ProviderCapabilities {
  /** How a person links the number; empty when the connection is set up with typed-in credentials. */
  linking: readonly LinkingMethod[];
  /** A socket that must run in exactly one session process (lease, reconnects, restart by the sweep). */
  longLivedSession: boolean;
  /** Inbound events arrive as HTTP webhooks at any API process, not on the session's socket. */
  webhookDelivery: boolean;
  /** The sender fixes the message id before the send, so a retried send is the same message (exactly-once by id). */
  clientMessageIds: boolean;
  /** Free-form messages need an approved template outside the customer-service window. */
  templates: boolean;
  /** Hours after the customer's last message during which free-form messages may be sent; null: no such window. */
  serviceWindowHours: number | null;
}

/** A WhatsApp Web device (Baileys) and the simulator that plays one. */
export const LINKED_DEVICE_CAPABILITIES: ProviderCapabilities = Object.freeze({
  linking: Object.freeze(['qrcode', 'pairingCode'] as const),
  longLivedSession: true,
  webhookDelivery: false,
  clientMessageIds: true,
  templates: false,
  serviceWindowHours: null,
});

/** Creates sessions of one provider kind (`beta` = Baileys, `simulator`). */
export interface ChannelProviderFactory {
  readonly provider: string;
  readonly capabilities: ProviderCapabilities;
  create(connection: ConnectionRef, events: ChannelEvents, lease?: SessionLease): ChannelSession;
  /** A message id of this provider's kind, for a send that another process carries out. */
  newMessageId(): string;
}

export const CHANNEL_PROVIDERS = Symbol('CHANNEL_PROVIDERS');
