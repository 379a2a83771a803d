import { Inject, Injectable } from '@nestjs/common';
import { subject } from '@casl/ability';
import { EntityManager, LockMode, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, forbidden, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { hashPassword } from '../../common/password.js';
import { ACROSS_TENANTS, forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { canNamed } from '../../shared/permissions.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import type { CreateUserDto } from './dto/create-user.dto.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { toUserResponse, type UserResponse } from './user.mapper.js';
import { User } from './user.entity.js';
import { USER_SESSIONS, type UserSessions } from './user-sessions.port.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween, snapshot, type AuditEntry } from '../../infra/audit/audit-entry.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

const AUDITED_FIELDS = ['name', 'email', 'profile', 'allTicket', 'whatsappId'] as const;

/** A user's audited fields, its queues as sorted ids. */
const auditedUser = (user: User): Record<string, unknown> => ({
  ...snapshot(user, AUDITED_FIELDS),
  queueIds: user.queues
    .getItems()
    .map((q) => q.id)
    .sort((a, b) => a - b),
});

const userEntry = (action: string, user: User, companyId: number, changes: AuditEntry['changes']): AuditEntry => ({
  action,
  subjectType: 'User',
  subjectId: user.id,
  companyId,
  changes,
});

/**
 * Only a super user changes or removes a super user: otherwise the admin of the company a super user belongs to could
 * take over the platform (change its password or email, then log in as it).
 */
function assertMayManage(ctx: AuthContext, target: User): void {
  if (target.super && !ctx.super) throw forbidden('ERR_SUPER_USER_PROTECTED');
}

/**
 * A `companyId` in a body may only repeat the company the call works in (spec clients send it). Naming another one is
 * refused, never silently applied or dropped: 403 below a super user; 400 for a super user moving an existing user.
 */
function assertCompanyField(ctx: AuthContext, requested: number | undefined, companyId: number, moving: boolean): void {
  if (requested === undefined || requested === companyId) return;
  if (!ctx.super) throw forbidden();
  if (moving) {
    throw appError('ERR_USER_COMPANY_FIXED', 'companyId: a user keeps its company', {
      fields: [{ field: 'companyId', messages: ['a user keeps its company'] }],
    });
  }
}

/** The company a call works in and an entity manager scoped to it. */
interface CompanyScope {
  companyId: number;
  em: EntityManager;
}

/**
 * Everyone works in the session's company. Super users manage tenants: they may name another company
 * (lists, creation) and reach a user of any company by id; that work runs in a fork scoped to the company.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeService,
    @Inject(USER_SESSIONS) private readonly sessions: UserSessions,
    private readonly audit: AuditTrail,
    private readonly authContexts: AuthContextCache,
  ) {}

  async list(ctx: AuthContext, query: ListParams, companyId?: number): Promise<ListResult<UserResponse>> {
    const { em } = this.scope(ctx, companyId);
    const where: FilterQuery<User> = { ...(query.filters as FilterQuery<User> & object) };
    if (query.search) {
      const pattern = likePattern(query.search);
      Object.assign(where, { $or: [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }] });
    }
    const [users, count] = await em.findAndCount(User, where, {
      populate: ['queues'],
      orderBy: { ...query.orderBy, id: 'ASC' },
      limit: query.limit,
      offset: query.offset,
    });
    return { records: users.map(toUserResponse), count };
  }

  /** Every user of the company, for selects. */
  async listAll(ctx: AuthContext, search = '', companyId?: number): Promise<UserResponse[]> {
    const { em } = this.scope(ctx, companyId);
    const where = search ? { name: { $ilike: likePattern(search) } } : {};
    const users = await em.find(User, where, { populate: ['queues'], orderBy: { name: 'ASC', id: 'ASC' } });
    return users.map(toUserResponse);
  }

  async findOne(ctx: AuthContext, id: number): Promise<UserResponse> {
    const { em } = await this.scopeOfUser(ctx, id);
    return toUserResponse(await this.load(em, id));
  }

  async create(ctx: AuthContext, dto: CreateUserDto): Promise<UserResponse> {
    const { companyId, em } = this.scope(ctx, dto.companyId);
    assertCompanyField(ctx, dto.companyId, companyId, false);
    if (!ctx.super && (await this.settings.value('userCreation')) === 'disabled') throw forbidden('ERR_USER_CREATION_DISABLED');
    await this.assertEmailFree(dto.email);
    const passwordHash = await hashPassword(dto.password);

    const user = await em.transactional(async (tx) => {
      // Lock the company row so two concurrent creations cannot both pass the plan limit.
      const company = await tx.findOne(Company, companyId, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['plan'] });
      if (!company) throw notFound('ERR_NO_COMPANY_FOUND');
      const limit = company.plan?.getEntity().users;
      if (limit !== undefined && (await tx.count(User, { company: companyId })) >= limit) throw forbidden('ERR_PLAN_USER_LIMIT');
      const whatsappId = dto.whatsappId ?? null;
      if (whatsappId !== null) await this.assertConnection(tx, whatsappId);
      const created = tx.create(User, {
        company,
        name: dto.name,
        email: dto.email,
        passwordHash,
        profile: dto.profile ?? 'user',
        allTicket: dto.allTicket ?? 'desabled',
        whatsappId,
      });
      created.queues.set(await this.queuesFor(tx, dto.queueIds ?? []));
      await tx.flush();
      await this.audit.within(tx, ctx, userEntry('user.create', created, companyId, changesBetween({}, auditedUser(created))));
      return created;
    });
    const response = toUserResponse(user);
    this.realtime.toCompany(companyId, 'user', { action: 'create', user: response });
    return response;
  }

  /** A user stays in its company: `dto.companyId` may only name it. */
  async update(ctx: AuthContext, id: number, dto: UpdateUserDto): Promise<UserResponse> {
    const { companyId, em } = await this.scopeOfUser(ctx, id);
    const user = await this.load(em, id);
    if (!ctx.ability.can('update', subject('User', { id: user.id } as Record<string, unknown>))) throw forbidden();
    assertMayManage(ctx, user);
    assertCompanyField(ctx, dto.companyId, companyId, true);
    const currentQueueIds = user.queues
      .getItems()
      .map((q) => q.id)
      .sort((a, b) => a - b);
    const queuesChange = dto.queueIds !== undefined && [...new Set(dto.queueIds)].sort((a, b) => a - b).join() !== currentQueueIds.join();
    const whatsappChange = dto.whatsappId !== undefined && dto.whatsappId !== user.whatsappId;
    const profileChange =
      (dto.profile !== undefined && dto.profile !== user.profile) || (dto.allTicket !== undefined && dto.allTicket !== user.allTicket) || whatsappChange;
    if (profileChange && !canNamed(ctx.ability, 'user-modal:editProfile')) throw forbidden();
    if (queuesChange && !canNamed(ctx.ability, 'user-modal:editQueues')) throw forbidden();
    if (user.id === ctx.userId && dto.profile !== undefined && dto.profile !== 'admin' && user.profile === 'admin') {
      throw appError('ERR_CANNOT_DEMOTE_SELF', 'Admins cannot remove their own admin profile');
    }
    if (dto.email !== undefined && dto.email !== user.email) await this.assertEmailFree(dto.email, user.id);
    // Only a new value is checked: a connection deleted since must not block editing the name.
    if (whatsappChange && dto.whatsappId != null) await this.assertConnection(em, dto.whatsappId);

    const before = auditedUser(user);
    if (dto.name !== undefined) user.name = dto.name;
    if (dto.email !== undefined) user.email = dto.email;
    if (dto.profile !== undefined) user.profile = dto.profile;
    if (dto.allTicket !== undefined) user.allTicket = dto.allTicket;
    if (dto.whatsappId !== undefined) user.whatsappId = dto.whatsappId;
    if (dto.password !== undefined) user.passwordHash = await hashPassword(dto.password);
    if (queuesChange) user.queues.set(await this.queuesFor(em, dto.queueIds ?? []));
    await this.audit.flush(em, ctx, () => {
      // A password set by someone else is an admin's reset: recorded as changed, never with a value.
      const password = dto.password !== undefined ? changesBetween({ password: 'old' }, { password: 'new' }, ['password']) : {};
      const changes = { ...changesBetween(before, auditedUser(user)), ...password };
      return Object.keys(changes).length ? userEntry('user.update', user, companyId, changes) : null;
    });
    await this.authContexts.invalidate({ userId: user.id });
    if (dto.password !== undefined) {
      // Whoever knew the old password (or holds a stolen session) is out: tokens, refresh cookies and sockets.
      await this.sessions.end(companyId, user.id);
    } else if (profileChange || queuesChange) {
      // Requests read profile and queues afresh each time; sockets joined rooms with the old ones, so they rejoin.
      this.realtime.disconnectUser(user.id);
    }

    const response = toUserResponse(user);
    this.realtime.toCompany(companyId, 'user', { action: 'update', user: response });
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const { companyId, em } = await this.scopeOfUser(ctx, id);
    const user = await this.load(em, id);
    if (user.id === ctx.userId) throw appError('ERR_CANNOT_DELETE_SELF', 'Users cannot delete themselves');
    assertMayManage(ctx, user);
    const before = auditedUser(user);
    await this.audit.flush(em, ctx, () => userEntry('user.delete', user, companyId, changesBetween(before, {})), { remove: [user] });
    await this.authContexts.invalidate({ userId: id });
    this.realtime.disconnectUser(id);
    this.realtime.toCompany(companyId, 'user', { action: 'delete', userId: id });
  }

  /** Clears the failed-login locks of a user (every address): its company's admins and super users. */
  async unlockLogin(ctx: AuthContext, id: number): Promise<void> {
    const { companyId, em } = await this.scopeOfUser(ctx, id);
    const user = await this.load(em, id);
    assertMayManage(ctx, user);
    const cleared = await this.sessions.unlockLogin(user.email);
    await this.audit.record(ctx, userEntry('user.unlock', user, companyId, { locks: { from: cleared, to: 0 } }));
  }

  /** A company a super user names (any other caller's request stays in the session's company). */
  private scope(ctx: AuthContext, requested: number | undefined): CompanyScope {
    const companyId = ctx.super && requested !== undefined ? requested : ctx.companyId;
    return { companyId, em: companyId === ctx.companyId ? this.em : forkForCompany(this.em, companyId) };
  }

  /**
   * The company of the user `id`: for a super user, looked up across tenants (an unknown id stays in the
   * session's company and answers 404 there); for everyone else, the session's company.
   */
  private async scopeOfUser(ctx: AuthContext, id: number): Promise<CompanyScope> {
    if (!ctx.super) return this.scope(ctx, undefined);
    // A throwaway fork: the request's identity map must not hold another company's user.
    const owner = await this.em.fork({ clear: true }).findOne(User, { id }, { ...ACROSS_TENANTS, fields: ['company'] });
    return this.scope(ctx, owner?.company.id);
  }

  private async load(em: EntityManager, id: number): Promise<User> {
    const user = await em.findOne(User, { id }, { populate: ['queues'] });
    if (!user) throw notFound('ERR_NO_USER_FOUND');
    return user;
  }

  private async assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const taken = await this.em.count(User, exceptId ? { email, id: { $ne: exceptId } } : { email }, ACROSS_TENANTS);
    if (taken > 0) throw appError('ERR_DUPLICATED_EMAIL', 'A user with this email already exists');
  }

  /** The default connection must be one of the company in scope (the tenant filter hides the others). */
  private async assertConnection(em: EntityManager, whatsappId: number): Promise<void> {
    if ((await em.count(Whatsapp, { id: whatsappId })) === 0) throw notFound('ERR_NO_WAPP_FOUND');
  }

  /** Queue ids must all belong to the company in scope (the tenant filter hides the others). */
  private async queuesFor(em: EntityManager, ids: number[]): Promise<Queue[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const queues = await em.find(Queue, { id: { $in: unique } });
    if (queues.length !== unique.length) throw notFound('ERR_NO_QUEUE_FOUND');
    return queues;
  }
}
