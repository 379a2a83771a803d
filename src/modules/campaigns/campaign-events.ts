import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { CampaignCounts, CampaignResponse } from '../../shared/campaign-api-types.js';
import type { CampaignStatus } from '../../shared/campaigns.js';

/** Progress of a running campaign reaches the browser at most this often (the report and the table redraw on it). */
export const PROGRESS_EVERY_MS = 1000;

/** `company-{id}-campaign` to the company's admins (campaigns are theirs): create, update, delete and throttled progress. */
@Injectable()
export class CampaignEvents {
  private readonly lastProgress = new Map<number, number>();

  constructor(private readonly realtime: RealtimeService) {}

  changed(companyId: number, record: CampaignResponse, action: 'create' | 'update' = 'update'): void {
    this.realtime.toAdmins(companyId, 'campaign', { action, record });
  }

  deleted(companyId: number, id: number): void {
    this.lastProgress.delete(id);
    this.realtime.toAdmins(companyId, 'campaign', { action: 'delete', id });
  }

  /** Whether a progress event for this campaign is due now (the caller then counts and calls `progress`). */
  progressDue(id: number, force = false): boolean {
    const now = Date.now();
    if (!force && now - (this.lastProgress.get(id) ?? 0) < PROGRESS_EVERY_MS) return false;
    this.lastProgress.set(id, now);
    return true;
  }

  progress(companyId: number, id: number, status: CampaignStatus, counts: CampaignCounts): void {
    this.realtime.toAdmins(companyId, 'campaign', { action: 'progress', id, status, counts });
  }
}
