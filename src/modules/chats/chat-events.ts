import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import type { ChatMessageResponse, ChatResponse } from './chat.mapper.js';

/** `company-{id}-chat` goes only to the members' own rooms: other staff never see a private conversation. */
@Injectable()
export class ChatEvents {
  constructor(private readonly realtime: RealtimeService) {}

  changed(companyId: number, chat: ChatResponse, action: 'create' | 'update', alsoTo: number[] = []): void {
    this.realtime.toRooms(companyId, this.rooms(chat, alsoTo), 'chat', { action, chat });
  }

  deleted(companyId: number, chatId: number, memberIds: number[]): void {
    this.realtime.toRooms(companyId, memberIds.map(Rooms.user), 'chat', { action: 'delete', chatId });
  }

  newMessage(companyId: number, chat: ChatResponse, newMessage: ChatMessageResponse): void {
    this.realtime.toRooms(companyId, this.rooms(chat), 'chat', { action: 'new-message', chat, newMessage });
  }

  /** Members, plus those just removed (their list must drop the chat). */
  private rooms(chat: ChatResponse, alsoTo: number[] = []): string[] {
    return [...new Set([...chat.users.map((member) => member.userId), ...alsoTo])].map(Rooms.user);
  }
}
