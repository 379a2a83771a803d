import { type BeforeApplicationShutdown, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AuthContextLoader } from '../../authorization/auth-context.loader.js';
import { type TokenClaims, TokenService } from '../../authorization/token.service.js';
import { readsEveryTicket } from '../../shared/permissions.js';
import { ClientEvents, Rooms, SOCKET_PING_MS } from '../../shared/realtime-events.js';
import { realtimeMetrics } from '../metrics/instruments.js';
import { UserPresence } from './user-presence.js';
import { RealtimeService } from './realtime.service.js';
import { type AuthedSocket, handshakeRefusal, handshakeToken } from './socket-auth.js';
import { TicketRoomAuthorizer } from './ticket-room.authorizer.js';

const TICKET_STATUSES = new Set(['open', 'pending', 'closed']);

@WebSocketGateway({ path: '/socket.io', pingInterval: SOCKET_PING_MS, pingTimeout: SOCKET_PING_MS, cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  /** Set when the process stops: its sockets' disconnects are not the users leaving. */
  private closing = false;

  constructor(
    private readonly tokens: TokenService,
    private readonly loader: AuthContextLoader,
    private readonly realtime: RealtimeService,
    private readonly presence: UserPresence,
    private readonly ticketRooms: TicketRoomAuthorizer,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    // Authenticate in the handshake: a refused socket never joins a room.
    server.use((socket, next) => {
      const token = handshakeToken(socket);
      if (!token) return next(new Error('ERR_SESSION_EXPIRED'));
      this.authenticate(socket as AuthedSocket, token).then(
        () => next(),
        (error: unknown) => next(handshakeRefusal(error)),
      );
    });
  }

  private async authenticate(socket: AuthedSocket, token: string): Promise<void> {
    const billing = this.tokens.tryBilling(token);
    if (billing) return this.authenticateBilling(socket, billing);
    const claims = this.tokens.verifyAccess(token);
    const auth = await this.loader.load(claims.sub, claims.tv);
    socket.data.auth = auth;
    const rooms = [Rooms.signedIn, Rooms.mainChannel(auth.companyId), Rooms.user(auth.userId)];
    if (auth.profile === 'admin') rooms.push(Rooms.companyAdmins(auth.companyId));
    await socket.join(rooms);
    await this.presence.markOnline(auth.companyId, auth.userId);
  }

  /**
   * A billing-only session (an expired company's admin on the checkout) hears only the payment channel and may send
   * nothing: every client event is dropped before it reaches a handler, and it never counts as the user online.
   */
  private async authenticateBilling(socket: AuthedSocket, claims: TokenClaims): Promise<void> {
    const auth = await this.loader.loadBilling(claims.sub, claims.tv);
    socket.data.auth = auth;
    // Packets are dropped unanswered: an error here would be an 'error' event on the server's socket, not the client's.
    socket.use(() => undefined);
    await socket.join(Rooms.companyBilling(auth.companyId));
  }

  /**
   * A stopping process closes its sockets, and the browsers reconnect to another one, which marks them online: no
   * presence work (a cross-process socket query, a write) starts once shutdown has begun, so it cannot hold the close.
   */
  beforeApplicationShutdown(): void {
    this.closing = true;
  }

  /** Only sockets that passed the handshake's authentication get here. */
  handleConnection(): void {
    realtimeMetrics.connections.inc();
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    realtimeMetrics.connections.dec();
    const auth = (socket as AuthedSocket).data?.auth;
    if (!auth || auth.billing || this.closing) return;
    const stillConnected = await socket.nsp.in(Rooms.user(auth.userId)).fetchSockets();
    if (stillConnected.length === 0) await this.presence.markOffline(auth.companyId, auth.userId).catch((e: unknown) => this.logger.warn(String(e)));
  }

  @SubscribeMessage(ClientEvents.userStatus)
  async userStatus(@ConnectedSocket() socket: AuthedSocket): Promise<void> {
    await this.presence.markOnline(socket.data.auth.companyId, socket.data.auth.userId);
  }

  /** Answers `{ ok: true }` to a client that asks for an acknowledgement once the rooms are joined. */
  @SubscribeMessage(ClientEvents.joinNotification)
  async joinNotification(@ConnectedSocket() socket: AuthedSocket): Promise<{ ok: boolean }> {
    await socket.join(this.notificationRooms(socket));
    return { ok: true };
  }

  @SubscribeMessage(ClientEvents.leaveNotification)
  async leaveNotification(@ConnectedSocket() socket: AuthedSocket): Promise<void> {
    for (const room of this.notificationRooms(socket)) await socket.leave(room);
  }

  @SubscribeMessage(ClientEvents.joinTickets)
  async joinTickets(@ConnectedSocket() socket: AuthedSocket, @MessageBody() status: unknown): Promise<{ ok: boolean }> {
    await socket.join(this.ticketListRooms(socket, status));
    return { ok: true };
  }

  @SubscribeMessage(ClientEvents.leaveTickets)
  async leaveTickets(@ConnectedSocket() socket: AuthedSocket, @MessageBody() status: unknown): Promise<void> {
    for (const room of this.ticketListRooms(socket, status)) await socket.leave(room);
  }

  /** A ticket's room: only for a ticket the shared rules let this user open (TicketAccess, action `read`). */
  @SubscribeMessage(ClientEvents.joinChatBox)
  async joinChatBox(@ConnectedSocket() socket: AuthedSocket, @MessageBody() ticketId: unknown): Promise<{ ok: boolean }> {
    const id = Number(ticketId);
    if (!Number.isInteger(id) || id < 1) return { ok: false };
    const allowed = await this.ticketRooms.canJoin(socket.data.auth, id);
    if (allowed) await socket.join(Rooms.ticket(id));
    return { ok: allowed };
  }

  @SubscribeMessage(ClientEvents.leaveChatBox)
  async leaveChatBox(@ConnectedSocket() socket: AuthedSocket, @MessageBody() ticketId: unknown): Promise<void> {
    await socket.leave(Rooms.ticket(String(Number(ticketId))));
  }

  /**
   * Notification rooms follow the notification rule (core §6), not ticket visibility: own queues, and the whole
   * company for those who open every ticket or have allTicket (tickets without queue); the browser filters further.
   */
  private notificationRooms(socket: AuthedSocket): string[] {
    const { auth } = socket.data;
    const rooms = auth.queueIds.map((q) => Rooms.queueNotification(q));
    if (readsEveryTicket(auth.ability) || auth.allTicket) rooms.push(Rooms.companyNotification(auth.companyId));
    return rooms;
  }

  /** List rooms: the company's when the rules open every ticket, else the user's queues; lists filter by the rules. */
  private ticketListRooms(socket: AuthedSocket, status: unknown): string[] {
    if (typeof status !== 'string' || !TICKET_STATUSES.has(status)) return [];
    const { auth } = socket.data;
    if (readsEveryTicket(auth.ability)) return [Rooms.companyStatus(auth.companyId, status)];
    return auth.queueIds.map((q) => Rooms.queueStatus(q, status));
  }
}
