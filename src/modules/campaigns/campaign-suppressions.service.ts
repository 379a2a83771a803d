import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import type { CampaignSuppressionResponse } from '../../shared/campaign-api-types.js';
import { CampaignSuppression } from './campaign-suppression.entity.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** What an admin adds by hand is told apart from the keywords customers wrote. */
export const MANUAL_KEYWORD = 'MANUAL';
/** The export is one file; a list longer than this is cut (and the file says so in no way): far beyond real lists. */
const EXPORT_MAX = 100_000;

const toResponse = (row: CampaignSuppression): CampaignSuppressionResponse => ({
  id: row.id,
  number: row.number,
  keyword: row.keyword,
  createdAt: row.createdAt.toISOString(),
});

/** The suppression list of the campaign settings screen: search, add by hand, remove, export. */
@Injectable()
export class CampaignSuppressionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: CampaignsRepository,
    private readonly walker: CampaignWalker,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<CampaignSuppressionResponse>> {
    const conditions: FilterQuery<CampaignSuppression>[] = [query.filters as FilterQuery<CampaignSuppression>];
    if (query.search) conditions.push({ number: { $ilike: likePattern(query.search.replace(/\D/g, '') || query.search) } });
    const [rows, count] = await this.em.findAndCount(
      CampaignSuppression,
      { $and: conditions },
      { orderBy: { ...query.orderBy, id: 'DESC' }, limit: query.limit, offset: query.offset },
    );
    return { records: rows.map(toResponse), count };
  }

  /** Added by hand: campaigns still to reach the number skip it, as after a customer's keyword. */
  async add(ctx: AuthContext, number: string): Promise<CampaignSuppressionResponse> {
    if (await this.em.count(CampaignSuppression, { number })) throw appError('ERR_SUPPRESSION_EXISTS', 'The number is already on the list');
    const touched = await this.repository.suppress(ctx.companyId, number, MANUAL_KEYWORD);
    for (const campaignId of touched) await this.walker.announce(ctx.companyId, campaignId, true);
    const row = await this.em.findOneOrFail(CampaignSuppression, { number }, { refresh: true });
    return toResponse(row);
  }

  /** The number may receive later campaigns again (recipients already skipped stay skipped). */
  async remove(_ctx: AuthContext, id: number): Promise<void> {
    const row = await this.em.findOne(CampaignSuppression, { id });
    if (!row) throw notFound('ERR_NO_SUPPRESSION_FOUND');
    await this.em.remove(row).flush();
  }

  /** The whole list as CSV (number, keyword, date), newest first. */
  async exportCsv(_ctx: AuthContext): Promise<string> {
    const rows = await this.em.find(CampaignSuppression, {}, { orderBy: { id: 'DESC' }, limit: EXPORT_MAX });
    const lines = rows.map((row) => [row.number, row.keyword, row.createdAt.toISOString()].map(csvCell).join(','));
    return `${['number,keyword,createdAt', ...lines].join('\r\n')}\r\n`;
  }
}

/** A spreadsheet must not read a cell as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
