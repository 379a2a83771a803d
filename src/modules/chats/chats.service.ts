import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { ChatEvents } from './chat-events.js';
import { ChatMessage } from './chat-message.entity.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatUser } from './chat-user.entity.js';
import { Chat } from './chat.entity.js';
import { type ChatMessageResponse, type ChatResponse, toChatMessageResponse, toChatResponse } from './chat.mapper.js';
import type { CreateChatDto, UpdateChatDto } from './dto/chat-fields.dto.js';

const PAGE_SIZE = 20;
const noChat = () => notFound('ERR_NO_CHAT_FOUND');
const ownerOnly = () => appError('ERR_NO_PERMISSION', 'Only the chat owner may change it');

/** Internal chat between staff: a chat is visible only to its members; its owner edits and deletes it. */
@Injectable()
export class ChatsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: ChatEvents,
    private readonly repository: ChatsRepository,
  ) {}

  async list(ctx: AuthContext, pageNumber = 1): Promise<{ records: ChatResponse[]; count: number; hasMore: boolean }> {
    const where = { users: { user: ctx.userId } };
    const offset = (pageNumber - 1) * PAGE_SIZE;
    const [ids, count] = await this.em.findAndCount(Chat, where, { fields: ['id'], orderBy: { updatedAt: 'DESC', id: 'DESC' }, limit: PAGE_SIZE, offset });
    const chats = ids.length
      ? await this.em.find(Chat, { id: { $in: ids.map((c) => c.id) } }, { populate: ['users.user'], orderBy: { updatedAt: 'DESC', id: 'DESC' } })
      : [];
    return { records: chats.map(toChatResponse), count, hasMore: offset + chats.length < count };
  }

  async findOne(ctx: AuthContext, id: number): Promise<ChatResponse> {
    return toChatResponse(await this.memberChat(ctx, id));
  }

  async create(ctx: AuthContext, dto: CreateChatDto): Promise<ChatResponse> {
    const memberIds = await this.memberIds(ctx, dto.users);
    const chat = this.em.create(Chat, {
      company: this.em.getReference(Company, ctx.companyId),
      title: dto.title,
      owner: this.em.getReference(User, ctx.userId),
    });
    for (const userId of memberIds) this.addMember(ctx, chat, userId);
    await this.em.flush();
    const response = toChatResponse(await this.reload(chat.id));
    this.events.changed(ctx.companyId, response, 'create');
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateChatDto): Promise<ChatResponse> {
    const chat = await this.memberChat(ctx, id);
    if (chat.owner.id !== ctx.userId) throw ownerOnly();
    if (dto.title !== undefined) chat.title = dto.title;
    const removed: number[] = [];
    if (dto.users !== undefined) {
      const wanted = new Set(await this.memberIds(ctx, dto.users));
      for (const member of chat.users.getItems()) {
        if (!wanted.has(member.user.id)) {
          removed.push(member.user.id);
          chat.users.remove(member);
        }
      }
      const present = new Set(chat.users.getItems().map((member) => member.user.id));
      for (const userId of wanted) if (!present.has(userId)) this.addMember(ctx, chat, userId);
    }
    await this.em.flush();
    const response = toChatResponse(await this.reload(id));
    this.events.changed(ctx.companyId, response, 'update', removed);
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const chat = await this.memberChat(ctx, id);
    if (chat.owner.id !== ctx.userId) throw ownerOnly();
    const members = chat.users.getItems().map((member) => member.user.id);
    await this.em.remove(chat).flush();
    this.events.deleted(ctx.companyId, id, members);
  }

  /** Opening a chat reads it: the caller's unread count goes back to zero. */
  async markRead(ctx: AuthContext, id: number): Promise<ChatResponse> {
    const chat = await this.memberChat(ctx, id);
    const me = chat.users.getItems().find((member) => member.user.id === ctx.userId)!;
    if (me.unreads > 0) {
      me.unreads = 0;
      await this.em.flush();
      const response = toChatResponse(chat);
      this.events.changed(ctx.companyId, response, 'update');
      return response;
    }
    return toChatResponse(chat);
  }

  /** Page 1 is the newest messages, each page in chronological order. */
  async messages(ctx: AuthContext, id: number, pageNumber = 1): Promise<{ records: ChatMessageResponse[]; count: number; hasMore: boolean }> {
    await this.memberChat(ctx, id);
    const offset = (pageNumber - 1) * PAGE_SIZE;
    const [rows, count] = await this.em.findAndCount(
      ChatMessage,
      { chat: id },
      { populate: ['sender'], orderBy: { createdAt: 'DESC', id: 'DESC' }, limit: PAGE_SIZE, offset },
    );
    return { records: rows.reverse().map(toChatMessageResponse), count, hasMore: offset + rows.length < count };
  }

  async send(ctx: AuthContext, id: number, text: string): Promise<ChatMessageResponse> {
    const chat = await this.memberChat(ctx, id);
    const message = this.em.create(ChatMessage, {
      company: this.em.getReference(Company, ctx.companyId),
      chat,
      sender: this.em.getReference(User, ctx.userId),
      message: text,
    });
    chat.lastMessage = text;
    chat.updatedAt = new Date();
    await this.em.flush();
    // Everyone else has one more message to read.
    await this.repository.countUnreadForOthers(ctx.companyId, id, ctx.userId);
    const fresh = await this.reload(id);
    await this.em.populate(message, ['sender']);
    const response = toChatMessageResponse(message);
    this.events.newMessage(ctx.companyId, toChatResponse(fresh), response);
    return response;
  }

  /** A chat the caller belongs to; any other id, of this company or another, is not found. */
  private async memberChat(ctx: AuthContext, id: number): Promise<Chat> {
    const chat = await this.em.findOne(Chat, { id, users: { user: ctx.userId } }, { populate: ['users.user'], refresh: true });
    if (!chat) throw noChat();
    return chat;
  }

  private async reload(id: number): Promise<Chat> {
    return this.em.fork().findOneOrFail(Chat, { id }, { populate: ['users.user'] });
  }

  /** The listed users, who must be of the caller's company, plus the caller. */
  private async memberIds(ctx: AuthContext, users: Array<{ id: number }>): Promise<number[]> {
    const ids = [...new Set([...users.map((user) => user.id), ctx.userId])];
    const found = await this.em.count(User, { id: { $in: ids } });
    if (found !== ids.length) throw notFound('ERR_NO_USER_FOUND');
    return ids;
  }

  private addMember(ctx: AuthContext, chat: Chat, userId: number): void {
    chat.users.add(this.em.create(ChatUser, { company: this.em.getReference(Company, ctx.companyId), chat, user: this.em.getReference(User, userId) }));
  }
}
