import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { normaliseNumber } from '../../channels/numbers.js';
import type { ListParams, ListResult } from '../../common/list-query/list-query.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Company } from '../companies/company.entity.js';
import { contactNotFound, duplicatedContact, groupNumberLocked } from './contact-errors.js';
import { CONTACT_DETAILS, contactsWithNumber } from './contact-lookup.js';
import { contactsWhere, type CreatedRange } from './contact-list-query.js';
import { type ContactResponse, toContactResponse } from './contact.mapper.js';
import { ContactNumberResolver, type ResolvedNumber } from './contact-number.js';
import { Contact } from './contact.entity.js';
import { ContactsRepository } from './contacts.repository.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import type { UpdateContactDto } from './dto/update-contact.dto.js';
import { CONTACT_EXPORT_MAX_ROWS, type ContactExportFormat, contactsCsv, contactsXlsx } from './contact-export.js';
import { appError } from '../../common/errors/app-error.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import { mergeRows, prepareRow } from '../contact-lists/import/import-rows.js';
import { type ContactImportResult, readContactFile } from './contact-import-file.js';
import { replaceExtraInfo } from './extra-info.js';

/** What every contact answer carries, loaded in one query per relation whatever the page size. */

/** Contacts are tenant rows: the tenant filter keeps every query inside the caller's company. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly numbers: ContactNumberResolver,
    private readonly realtime: RealtimeService,
    private readonly repository: ContactsRepository,
    private readonly storage: StoragePort,
  ) {}

  /** New contacts from a file (first row per number wins); numbers the company already has are left as they are. */
  async importFile(ctx: AuthContext, file: UploadedMedia | undefined): Promise<ContactImportResult> {
    if (!file?.size) throw appError('ERR_IMPORT_FILE_REQUIRED', 'Send the file in the field file');
    try {
      const rows = await readContactFile(file.originalName, await this.storage.read(file.path));
      const merged = mergeRows(rows.map(prepareRow));
      const known = new Set(
        (await this.em.find(Contact, { number: { $in: merged.items.map((item) => item.number) } }, { fields: ['number'] })).map((contact) => contact.number),
      );
      const fresh = merged.items.filter((item) => !known.has(item.number));
      const company = this.em.getReference(Company, ctx.companyId);
      for (const item of fresh) this.em.create(Contact, { company, name: item.name, number: item.number, email: item.email });
      await this.em.flush();
      return { created: fresh.length, existing: merged.items.length - fresh.length, duplicates: merged.duplicates, invalid: merged.invalid };
    } finally {
      await this.storage.remove(file.path).catch(() => undefined);
    }
  }

  /** The company's contacts (oldest first, at most CONTACT_EXPORT_MAX_ROWS) as a file. */
  async exportFile(ctx: AuthContext, format: ContactExportFormat): Promise<{ body: Buffer; contentType: string; fileName: string }> {
    const rows = await this.em.find(
      Contact,
      { company: ctx.companyId },
      { fields: ['name', 'number', 'email'], orderBy: { id: 'ASC' }, limit: CONTACT_EXPORT_MAX_ROWS },
    );
    const plain = rows.map((contact) => ({ name: contact.name, number: contact.number, email: contact.email ?? null }));
    return format === 'csv'
      ? { body: contactsCsv(plain), contentType: 'text/csv; charset=utf-8', fileName: 'contatos.csv' }
      : { body: await contactsXlsx(plain), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: 'contatos.xlsx' };
  }

  async list(ctx: AuthContext, query: ListParams, created: CreatedRange): Promise<ListResult<ContactResponse>> {
    const [contacts, count] = await this.em.findAndCount(
      Contact,
      contactsWhere(query, created, (day) => this.repository.dayStart(ctx.companyId, day)),
      {
        ...CONTACT_DETAILS,
        orderBy: { ...query.orderBy, id: 'ASC' },
        limit: query.limit,
        offset: query.offset,
      },
    );
    return { records: contacts.map(toContactResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<ContactResponse> {
    return toContactResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateContactDto): Promise<ContactResponse> {
    const resolved = await this.numbers.resolve(ctx.companyId, dto.number);
    await this.assertNumberFree(resolved);
    const contact = this.em.create(Contact, {
      company: this.em.getReference(Company, ctx.companyId),
      name: dto.name,
      number: resolved.number,
      email: dto.email ?? null,
      isWhatsappValid: resolved.isWhatsappValid,
    });
    replaceExtraInfo(this.em, contact, dto.extraInfo ?? []);
    await this.flushNumber(ctx, resolved.number);
    const response = toContactResponse(contact);
    this.realtime.toCompany(ctx.companyId, 'contact', { action: 'create', contact: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateContactDto): Promise<ContactResponse> {
    const contact = await this.load(id);
    // The same phone typed with another mask is not a change.
    if (dto.number !== undefined && normaliseNumber(dto.number) !== normaliseNumber(contact.number)) {
      if (contact.isGroup) throw groupNumberLocked();
      const resolved = await this.numbers.resolve(ctx.companyId, dto.number);
      await this.assertNumberFree(resolved, contact.id);
      contact.number = resolved.number;
      contact.isWhatsappValid = resolved.isWhatsappValid;
    }
    if (dto.name !== undefined) contact.name = dto.name;
    if (dto.email !== undefined) contact.email = dto.email;
    if (dto.extraInfo !== undefined) replaceExtraInfo(this.em, contact, dto.extraInfo);
    await this.flushNumber(ctx, contact.number);
    const response = toContactResponse(contact);
    this.realtime.toCompany(ctx.companyId, 'contact', { action: 'update', contact: response });
    return response;
  }

  /** Its tickets and their messages go with it (foreign keys cascade). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    await this.em.remove(await this.load(id)).flush();
    this.realtime.toCompany(ctx.companyId, 'contact', { action: 'delete', contactId: id });
  }

  private async load(id: number): Promise<Contact> {
    const contact = await this.em.findOne(Contact, { id }, CONTACT_DETAILS);
    if (!contact) throw contactNotFound();
    return contact;
  }

  private async assertNumberFree(resolved: ResolvedNumber, exceptId?: number): Promise<void> {
    const existing = await this.findByNumber(this.em, resolved.sameAs, exceptId);
    if (existing) throw duplicatedContact(toContactResponse(existing));
  }

  private async findByNumber(em: EntityManager, numbers: string[], exceptId?: number): Promise<Contact | null> {
    return (await contactsWithNumber(em, numbers, exceptId))[0] ?? null;
  }

  /** A concurrent write of the same number loses on the unique index; answer it like the duplicate check. */
  private async flushNumber(ctx: AuthContext, number: string): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // The request's entity manager still holds the failed write; look from a clean one.
      const existing = await this.findByNumber(forkForCompany(this.em, ctx.companyId), [number]);
      throw existing ? duplicatedContact(toContactResponse(existing)) : error;
    }
  }
}
