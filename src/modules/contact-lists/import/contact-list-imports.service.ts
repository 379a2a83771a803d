import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../../authorization/auth-context.js';
import { appError } from '../../../common/errors/app-error.js';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import type { UploadedMedia } from '../../../infra/storage/uploads/uploaded-media.js';
import { Company } from '../../companies/company.entity.js';
import { importInProgress } from '../contact-list-errors.js';
import { ContactListImport } from '../contact-list-import.entity.js';
import { type ContactListImportResponse, toContactListImportResponse } from '../contact-list.mapper.js';
import { ContactListEvents } from '../contact-lists.events.js';
import { ContactListsService } from '../contact-lists.service.js';
import { ContactImportJobs } from './contact-import-jobs.js';
import { checkWorkbookContainer, hasSpreadsheetExtension, readSpreadsheet } from './spreadsheet-reader.js';
import { AuditTrail } from '../../../infra/audit/audit-trail.js';

/** Files up to this size are refused at upload when the header has no number column or the sheet no rows. */
const HEADER_CHECK_MAX_BYTES = 2 * 1024 * 1024;

/**
 * POST /contact-lists/{id}/upload: the file is already in storage (streamed, size-limited). It is refused here, and
 * removed, unless it is an .xls/.xlsx workbook within the import's budgets whose first sheet has a number column
 * (checked here for files up to 2 MB); otherwise an import row is written (the job's durable state) and the job queued. Nothing in the list changes before the job has read the
 * whole file.
 */
@Injectable()
export class ContactListImportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: ContactListsService,
    private readonly storage: StoragePort,
    private readonly jobs: ContactImportJobs,
    private readonly events: ContactListEvents,
    private readonly audit: AuditTrail,
  ) {}

  async upload(ctx: AuthContext, listId: number, file: UploadedMedia | undefined): Promise<ContactListImportResponse> {
    let row: ContactListImport;
    try {
      const list = await this.lists.load(listId);
      if (!file?.size) throw appError('ERR_IMPORT_FILE_REQUIRED', 'Send the spreadsheet in the field file');
      if (!hasSpreadsheetExtension(file.originalName)) throw appError('ERR_IMPORT_FILE_TYPE', 'Only .xls and .xlsx files are imported');
      const data = await this.storage.read(file.path);
      // The container (ZIP directory and declared sizes, or CFB sector chains) is checked for every file: a zip bomb
      // is refused here, in milliseconds, whatever its size.
      const container = checkWorkbookContainer(data);
      if (!container.ok) throw appError(container.error);
      // SheetJS reads a workbook's whole string table even for its first rows: a big file is checked by the job alone
      // (which then ends `failed` with the same code), so the upload answers at once. The check runs in a reader
      // process within HEADER_BUDGET; 503 when too many uploads are being checked at once.
      const header = data.length <= HEADER_CHECK_MAX_BYTES ? await readSpreadsheet(data, true) : null;
      if (header && !header.ok) throw appError(header.error);
      // One import at a time per list: two would race on the same numbers and confuse the progress bar.
      if (await this.em.count(ContactListImport, { contactList: list.id, status: { $in: ['queued', 'running'] } })) throw importInProgress();
      row = this.em.create(ContactListImport, {
        company: this.em.getReference(Company, ctx.companyId),
        contactList: list,
        storedPath: file.path,
        fileName: file.originalName.slice(0, 255),
      });
      // The check above is for the common case; the partial unique index settles two uploads arriving together.
      const created = row;
      const entry = () => ({
        action: 'contact-list.import',
        subjectType: 'ContactList',
        subjectId: list.id,
        changes: { importId: { to: created.id }, fileName: { to: created.fileName }, size: { to: file.size } },
      });
      await this.audit.flush(this.em, ctx, entry).catch((error: unknown) => {
        throw error instanceof UniqueConstraintViolationException ? importInProgress() : error;
      });
    } catch (error) {
      if (file) await this.storage.remove(file.path).catch(() => undefined);
      throw error;
    }
    await this.jobs.enqueue(ctx.companyId, row.id);
    const response = toContactListImportResponse(row);
    this.events.list(ctx.companyId, { action: 'import', import: response });
    return response;
  }

  /** The list's last import, so a page opened (or reloaded) during an import shows its progress. */
  async latest(_ctx: AuthContext, listId: number): Promise<{ import: ContactListImportResponse | null }> {
    const list = await this.lists.load(listId);
    const row = await this.em.findOne(ContactListImport, { contactList: list.id }, { orderBy: { createdAt: 'DESC', id: 'DESC' } });
    return { import: row ? toContactListImportResponse(row) : null };
  }
}
