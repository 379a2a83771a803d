import { Injectable, Logger } from '@nestjs/common';
import { ref } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { CloudCredentialsRepository } from '../../channels/cloud-api/cloud-credentials.repository.js';
import { CLOUD_PROVIDER } from '../../channels/cloud-api/cloud-provider.js';
import { appError, fieldError, forbidden, notFound } from '../../common/errors/app-error.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Company } from '../companies/company.entity.js';
import { Prompt } from '../prompts/prompt.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { issueApiToken } from './api-token.js';
import type { ConnectionFieldsDto } from './dto/connection-fields.dto.js';
import type { CreateConnectionDto } from './dto/create-connection.dto.js';
import type { UpdateConnectionDto } from './dto/update-connection.dto.js';
import { type ConnectionResponse, toConnectionResponse } from './whatsapp.mapper.js';
import { Whatsapp } from './whatsapp.entity.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween, snapshot, type AuditEntry } from '../../infra/audit/audit-entry.js';

/** The plain fields a connection's form writes as they come. */
const FORM_FIELDS = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
  'expiresTicket',
  'timeUseBotQueues',
  'maxUseBotQueues',
  'timeToTransfer',
] as const;

const AUDITED_FIELDS = [
  'name',
  'provider',
  'isDefault',
  ...FORM_FIELDS,
  'transferQueue',
  'prompt',
  'tokenHash',
  'cloudPhoneNumberId',
  'cloudBusinessAccountId',
  'cloudAccessToken',
  'cloudAppSecret',
] as const;
/** Recorded as changed, never with their values (sealed or hashed as they are). */
const SECRET_FIELDS = ['tokenHash', 'cloudAccessToken', 'cloudAppSecret'];

const auditedConnection = (whatsapp: Whatsapp): Record<string, unknown> => ({
  ...snapshot(whatsapp, AUDITED_FIELDS),
  ...(whatsapp.queues.isInitialized()
    ? {
        queueIds: whatsapp.queues
          .getItems()
          .map((q) => q.id)
          .sort((a, b) => a - b),
      }
    : {}),
});

const connectionEntry = (action: string, whatsapp: Whatsapp, before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry | null => {
  const changes = changesBetween(before, after, SECRET_FIELDS);
  return action === 'connection.update' && !Object.keys(changes).length ? null : { action, subjectType: 'Connection', subjectId: whatsapp.id, changes };
};

export type ConnectionWithToken = ConnectionResponse & { token: string };

@Injectable()
export class ConnectionsService {
  private readonly logger = new Logger('ConnectionsService');

  constructor(
    private readonly em: EntityManager,
    private readonly channels: ChannelManager,
    private readonly realtime: RealtimeService,
    private readonly cloudCredentials: CloudCredentialsRepository,
    private readonly audit: AuditTrail,
  ) {}

  /** A super user may name another company (the user dialog of Settings → Empresas); that read runs in a fork scoped to it. */
  async list(ctx: AuthContext, companyId?: number): Promise<ConnectionResponse[]> {
    const other = ctx.super && companyId !== undefined && companyId !== ctx.companyId;
    const em = other ? forkForCompany(this.em, companyId) : this.em;
    const rows = await em.find(Whatsapp, {}, { populate: ['queues'], orderBy: { name: 'ASC', id: 'ASC' } });
    return rows.map(toConnectionResponse);
  }

  async findOne(_ctx: AuthContext, id: number): Promise<ConnectionResponse> {
    return toConnectionResponse(await this.load(id));
  }

  /** Creates the connection, shows its API token once, and starts linking it. */
  async create(ctx: AuthContext, dto: CreateConnectionDto): Promise<ConnectionWithToken> {
    const provider = dto.provider ?? 'beta';
    if (!this.channels.providers().includes(provider)) throw appError('ERR_PROVIDER_UNAVAILABLE', `Provider ${provider} is not available`);
    const issued = issueApiToken();
    const whatsapp = await this.em.transactional(async (tx) => {
      const company = await tx.findOne(Company, ctx.companyId, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['plan'] });
      if (!company) throw notFound('ERR_NO_COMPANY_FOUND');
      await this.assertNameFree(tx, dto.name);
      const count = await tx.count(Whatsapp, {});
      const limit = company.plan?.getEntity().connections;
      if (limit !== undefined && count >= limit) throw forbidden('ERR_PLAN_CONNECTION_LIMIT');
      const created = tx.create(Whatsapp, { company, name: dto.name, provider, tokenHash: issued.hash, tokenHint: issued.hint });
      await this.apply(tx, created, dto);
      // The first connection is the default; a new default takes the flag from the old one.
      created.isDefault = count === 0 || dto.isDefault === true;
      if (created.isDefault) await tx.nativeUpdate(Whatsapp, { isDefault: true }, { isDefault: false });
      await tx.flush();
      await this.audit.within(tx, ctx, connectionEntry('connection.create', created, {}, auditedConnection(created)));
      return created;
    });
    const response = toConnectionResponse(whatsapp);
    this.realtime.toCompany(ctx.companyId, 'whatsapp', { action: 'create', whatsapp: response });
    this.startInBackground(ctx.companyId, whatsapp.id);
    return { ...response, token: issued.token };
  }

  async update(ctx: AuthContext, id: number, dto: UpdateConnectionDto): Promise<ConnectionResponse> {
    const whatsapp = await this.em.transactional(async (tx) => {
      const found = await tx.findOne(Whatsapp, id, { populate: ['queues'] });
      if (!found) throw notFound('ERR_NO_WAPP_FOUND');
      const before = auditedConnection(found);
      if (dto.name !== undefined && dto.name !== found.name) await this.assertNameFree(tx, dto.name, id);
      if (dto.provider !== undefined && dto.provider !== found.provider && !this.channels.providers().includes(dto.provider)) {
        throw appError('ERR_PROVIDER_UNAVAILABLE');
      }
      if (dto.isDefault === false && found.isDefault) throw appError('ERR_NO_OTHER_WHATSAPP', 'At least one default connection is needed');
      if (dto.isDefault === true && !found.isDefault) {
        await tx.nativeUpdate(Whatsapp, { isDefault: true }, { isDefault: false });
        found.isDefault = true;
      }
      if (dto.name !== undefined) found.name = dto.name;
      if (dto.provider !== undefined) found.provider = dto.provider;
      await this.apply(tx, found, dto);
      await tx.flush();
      await this.audit.within(tx, ctx, connectionEntry('connection.update', found, before, auditedConnection(found)));
      return found;
    });
    this.cloudCredentials.forget(id);
    const response = toConnectionResponse(whatsapp);
    this.realtime.toCompany(ctx.companyId, 'whatsapp', { action: 'update', whatsapp: response });
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    await this.em.transactional(async (tx) => {
      const found = await tx.findOne(Whatsapp, id, { populate: ['queues'] });
      if (!found) throw notFound('ERR_NO_WAPP_FOUND');
      await this.audit.within(tx, ctx, connectionEntry('connection.delete', found, auditedConnection(found), {}));
      if (found.isDefault) {
        // Keep exactly one default: the oldest remaining connection inherits the flag.
        const heir = await tx.findOne(Whatsapp, { id: { $ne: id } }, { orderBy: { id: 'ASC' } });
        if (heir) heir.isDefault = true;
      }
      // Its conversations stay: open tickets are closed and keep their history without a connection.
      await tx.nativeUpdate(Ticket, { whatsapp: id, status: { $ne: 'closed' } }, { status: 'closed' });
      await tx.nativeDelete(Whatsapp, { id });
    });
    this.cloudCredentials.forget(id);
    await this.channels.forget(id);
    this.realtime.toCompany(ctx.companyId, 'whatsapp', { action: 'delete', whatsappId: id });
  }

  /** A new API token replaces the old one at once; it is shown this one time. */
  async regenerateToken(ctx: AuthContext, id: number): Promise<{ token: string }> {
    const whatsapp = await this.load(id);
    const issued = issueApiToken();
    const before = { tokenHash: whatsapp.tokenHash, tokenHint: whatsapp.tokenHint };
    whatsapp.tokenHash = issued.hash;
    whatsapp.tokenHint = issued.hint;
    await this.audit.flush(this.em, ctx, () => ({
      action: 'connection.token-regenerate',
      subjectType: 'Connection',
      subjectId: whatsapp.id,
      changes: changesBetween(before, { tokenHash: whatsapp.tokenHash, tokenHint: whatsapp.tokenHint }, ['tokenHash']),
    }));
    this.realtime.toCompany(ctx.companyId, 'whatsapp', { action: 'update', whatsapp: toConnectionResponse(whatsapp) });
    return { token: issued.token };
  }

  /** With a phone number the provider answers with a pairing code instead of a QR code. */
  async startSession(ctx: AuthContext, id: number, pairingPhone?: string): Promise<void> {
    await this.load(id);
    await this.channels.start(ctx.companyId, id, pairingPhone ? { pairingPhone } : undefined);
  }

  async newQrCode(ctx: AuthContext, id: number): Promise<void> {
    await this.load(id);
    await this.channels.newQrCode(ctx.companyId, id);
  }

  async disconnect(ctx: AuthContext, id: number): Promise<void> {
    await this.load(id);
    await this.channels.logout(ctx.companyId, id);
  }

  providers(): string[] {
    return this.channels.providers();
  }

  private startInBackground(companyId: number, id: number): void {
    this.channels.start(companyId, id).catch((error: unknown) => this.logger.warn(`connection ${id} did not start: ${String(error)}`));
  }

  private async apply(tx: EntityManager, whatsapp: Whatsapp, dto: ConnectionFieldsDto): Promise<void> {
    for (const field of FORM_FIELDS) if (dto[field] !== undefined) (whatsapp as unknown as Record<string, unknown>)[field] = dto[field];
    if (dto.transferQueueId !== undefined) {
      whatsapp.transferQueue = dto.transferQueueId === null ? null : ref((await this.queues(tx, [dto.transferQueueId]))[0]!);
    }
    if (dto.promptId !== undefined) {
      const prompt = dto.promptId === null ? null : await tx.findOne(Prompt, dto.promptId);
      if (dto.promptId !== null && !prompt) throw notFound('ERR_NO_PROMPT_FOUND');
      whatsapp.prompt = prompt ? ref(prompt) : null;
    }
    this.applyCloud(whatsapp, dto);
    if (dto.queueIds !== undefined) whatsapp.queues.set(await this.queues(tx, dto.queueIds));
    const queueCount = dto.queueIds !== undefined ? new Set(dto.queueIds).size : whatsapp.queues.isInitialized() ? whatsapp.queues.count() : 0;
    if (queueCount > 1 && !whatsapp.greetingMessage?.trim()) {
      throw appError('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is required when the connection has more than one queue');
    }
  }

  /**
   * A Cloud API connection needs its four settings; the secrets are sealed before they are stored and a verify token is
   * generated once. Another provider carries none of them.
   */
  private applyCloud(whatsapp: Whatsapp, dto: ConnectionFieldsDto): void {
    if (whatsapp.provider !== CLOUD_PROVIDER) {
      if (dto.cloud !== undefined) throw fieldError('cloud', 'only a Cloud API connection (provider cloud) has these settings');
      return;
    }
    const cloud = dto.cloud ?? {};
    if (cloud.phoneNumberId !== undefined) whatsapp.cloudPhoneNumberId = cloud.phoneNumberId;
    if (cloud.businessAccountId !== undefined) whatsapp.cloudBusinessAccountId = cloud.businessAccountId;
    if (cloud.accessToken !== undefined) {
      whatsapp.cloudAccessToken = this.cloudCredentials.seal(cloud.accessToken);
      whatsapp.cloudAccessTokenHint = cloud.accessToken.slice(-4);
    }
    if (cloud.appSecret !== undefined) whatsapp.cloudAppSecret = this.cloudCredentials.seal(cloud.appSecret);
    whatsapp.cloudVerifyToken ??= this.cloudCredentials.newVerifyToken();
    const missing = (
      [
        ['phoneNumberId', whatsapp.cloudPhoneNumberId],
        ['businessAccountId', whatsapp.cloudBusinessAccountId],
        ['accessToken', whatsapp.cloudAccessToken],
        ['appSecret', whatsapp.cloudAppSecret],
      ] as const
    ).find(([, value]) => !value);
    if (missing) throw fieldError(`cloud.${missing[0]}`, 'is required for a Cloud API connection');
  }

  /** Queue ids must belong to the caller's company (the tenant filter hides the others). */
  private async queues(tx: EntityManager, ids: number[]): Promise<Queue[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const queues = await tx.find(Queue, { id: { $in: unique } });
    if (queues.length !== unique.length) throw notFound('ERR_NO_QUEUE_FOUND');
    return queues;
  }

  private async assertNameFree(tx: EntityManager, name: string, exceptId?: number): Promise<void> {
    const taken = await tx.count(Whatsapp, exceptId ? { name, id: { $ne: exceptId } } : { name });
    if (taken) throw appError('ERR_CONNECTION_NAME_EXISTS', 'A connection with this name already exists');
  }

  private async load(id: number): Promise<Whatsapp> {
    const whatsapp = await this.em.findOne(Whatsapp, id, { populate: ['queues'] });
    if (!whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
    return whatsapp;
  }
}
