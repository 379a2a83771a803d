import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { ChannelsRepository } from '../../channels/channels.repository.js';
import { CloudCredentialsRepository } from '../../channels/cloud-api/cloud-credentials.repository.js';
import { CLOUD_PROVIDER } from '../../channels/cloud-api/cloud-provider.js';
import { CloudProviderFactory } from '../../channels/cloud-api/cloud-provider.factory.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import type { ConnectionConnectedEvent } from '../../shared/domain-events.js';
import type { TemplateSyncResponse } from '../../shared/api-types.js';
import { MessageTemplate } from './message-template.entity.js';
import { type MessageTemplateResponse, toMessageTemplateResponse } from './message-template.mapper.js';
import { MessageTemplatesRepository, type TemplateWrite } from './message-templates.repository.js';
import { headerFormatOf, variableCount } from './template-variables.js';

/** A business account with more templates than this many pages of 100 is cut there (and logged). */
const MAX_TEMPLATE_PAGES = 50;

/**
 * The WhatsApp Cloud API templates of the company's connections: read from Meta (they are written in Meta's tools)
 * when an admin asks and whenever a Cloud API connection connects, then listed and sent from here.
 */
@Injectable()
export class MessageTemplatesService {
  private readonly logger = new Logger('MessageTemplates');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: MessageTemplatesRepository,
    private readonly connections: ChannelsRepository,
    private readonly credentials: CloudCredentialsRepository,
    private readonly cloud: CloudProviderFactory,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<MessageTemplateResponse>> {
    const where: FilterQuery<MessageTemplate> = { ...(query.filters as FilterQuery<MessageTemplate> & object) };
    if (query.search) Object.assign(where, { name: { $ilike: likePattern(query.search) } });
    const [templates, count] = await this.em.findAndCount(MessageTemplate, where, {
      orderBy: { ...query.orderBy, id: 'ASC' },
      limit: query.limit,
      offset: query.offset,
    });
    return { records: templates.map(toMessageTemplateResponse), count };
  }

  /** The approved templates of one connection, by name (the conversation's picker). */
  async approvedOf(whatsappId: number): Promise<MessageTemplateResponse[]> {
    const templates = await this.em.find(
      MessageTemplate,
      { whatsapp: whatsappId, status: 'APPROVED' },
      { orderBy: { name: 'ASC', language: 'ASC' }, limit: 500 },
    );
    return templates.map(toMessageTemplateResponse);
  }

  /** A template of the company for a send; the caller checks its connection and status. */
  async forSending(templateId: number): Promise<MessageTemplate> {
    const template = await this.em.findOne(MessageTemplate, templateId);
    if (!template) throw notFound('ERR_NO_TEMPLATE_FOUND');
    return template;
  }

  async syncFor(ctx: AuthContext, whatsappId: number): Promise<TemplateSyncResponse> {
    return this.sync(ctx.companyId, whatsappId);
  }

  /** Reads every page of the connection's business account and makes the stored list equal to it. */
  async sync(companyId: number, whatsappId: number): Promise<TemplateSyncResponse> {
    const row = await this.connections.connection(companyId, whatsappId);
    if (!row) throw notFound('ERR_NO_WAPP_FOUND');
    if (row.provider !== CLOUD_PROVIDER) throw appError('ERR_CLOUD_TEMPLATES_ONLY', `Connection ${whatsappId} is not a WhatsApp Cloud API connection`);
    const creds = await this.credentials.credentials(companyId, whatsappId);
    const templates = await this.cloud.client.templates(creds, { maxPages: MAX_TEMPLATE_PAGES });
    if (templates.length >= MAX_TEMPLATE_PAGES * 100) this.logger.warn(`connection ${whatsappId}: templates cut at ${templates.length}`);
    const byId = new Map<string, TemplateWrite>();
    for (const t of templates)
      byId.set(t.id, {
        metaId: t.id,
        name: t.name,
        language: t.language,
        category: t.category,
        status: t.status,
        components: t.components,
        variables: variableCount(t.components),
        headerFormat: headerFormatOf(t.components),
      });
    const counts = await this.repository.replace(companyId, whatsappId, [...byId.values()]);
    return { whatsappId, ...counts };
  }

  /** A Cloud API connection that just connected reads its templates once (a failure is logged; the admin can sync). */
  @OnDomainEvent('connection.connected')
  async onConnected(event: ConnectionConnectedEvent): Promise<void> {
    if (event.provider !== CLOUD_PROVIDER) return;
    try {
      await this.sync(event.companyId, event.connectionId);
    } catch (error) {
      this.logger.warn(`templates of connection ${event.connectionId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
