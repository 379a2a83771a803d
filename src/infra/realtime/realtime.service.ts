import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import {
  ANNOUNCEMENT_EVENT,
  type AnnouncementEventPayload,
  type CompanyEventMap,
  type CompanyTopic,
  companyEventNames,
  Rooms,
} from '../../shared/realtime-events.js';
import { realtimeMetrics } from '../metrics/instruments.js';

/** Emits domain events to socket rooms. Events are company-scoped; only announcements go to every socket. */
@Injectable()
export class RealtimeService implements BeforeApplicationShutdown {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  /** Sockets dropped by a shutdown must not publish into a Redis connection that is closing. */
  beforeApplicationShutdown(): void {
    this.server = null;
  }

  toCompany<T extends CompanyTopic>(companyId: number, topic: T, payload: CompanyEventMap[T]): void {
    this.emit(Rooms.mainChannel(companyId), companyId, topic, payload);
  }

  toUser<T extends CompanyTopic>(companyId: number, userId: number, topic: T, payload: CompanyEventMap[T]): void {
    this.emit(Rooms.user(userId), companyId, topic, payload);
  }

  /** To the company's admins only: admin tools (campaigns, contact lists) whose data attendants must not receive. */
  toAdmins<T extends CompanyTopic>(companyId: number, topic: T, payload: CompanyEventMap[T]): void {
    this.emit(Rooms.companyAdmins(companyId), companyId, topic, payload);
  }

  /** One emission to several rooms: a socket in more than one of them receives it once. */
  toRooms<T extends CompanyTopic>(companyId: number, rooms: string[], topic: T, payload: CompanyEventMap[T]): void {
    if (rooms.length) this.emit(rooms, companyId, topic, payload);
  }

  /** Under our name and, where the seed app used another, under the seed's too. */
  private emit(rooms: string | string[], companyId: number, topic: string, payload: unknown): void {
    if (!this.server) return;
    realtimeMetrics.emitted.inc({ topic });
    for (const name of companyEventNames(companyId, topic)) this.server.to(rooms).emit(name, payload);
  }

  /**
   * To every signed-in socket of every company. Announcements are the ONLY event allowed here (server-behaviour §7:
   * nothing else is ever broadcast across companies), hence the fixed event name and payload type: do not widen it.
   * A billing-only socket (an expired company renewing) is not signed in and hears the payment event alone.
   */
  broadcastAnnouncement(payload: AnnouncementEventPayload): void {
    this.server?.to(Rooms.signedIn).emit(ANNOUNCEMENT_EVENT, payload);
  }

  /** Drops every socket of a company (disabled, or its due date passed); users of an active company reconnect. */
  disconnectCompany(companyId: number): void {
    this.server?.in(Rooms.mainChannel(companyId)).disconnectSockets(true);
  }

  /** Drops every socket of a user (logout, password reset). */
  disconnectUser(userId: number): void {
    this.server?.in(Rooms.user(userId)).disconnectSockets(true);
  }

  /**
   * The user signed in elsewhere: its sockets are told so and then closed by the server, after the message (a socket
   * closed this way does not reconnect by itself). A client that ignores the message stops receiving all the same.
   */
  replaceUserSession(companyId: number, userId: number): void {
    this.toUser(companyId, userId, 'auth', { action: 'sessionReplaced', user: { id: userId } });
    this.server?.in(Rooms.user(userId)).disconnectSockets(false);
  }
}
