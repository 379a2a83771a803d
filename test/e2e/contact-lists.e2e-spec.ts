import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { Company } from '../../src/modules/companies/company.entity.js';
import { ContactListImport } from '../../src/modules/contact-lists/contact-list-import.entity.js';
import { ContactListItem } from '../../src/modules/contact-lists/contact-list-item.entity.js';
import { ContactList } from '../../src/modules/contact-lists/contact-list.entity.js';
import { Setting } from '../../src/modules/settings/setting.entity.js';
import { StoragePort } from '../../src/infra/storage/storage.port.js';
import type { ContactListImportResponse, ContactListItemResponse, ContactListResponse } from '../../src/shared/campaign-api-types.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';

/** A workbook written by the spreadsheet library itself, as Excel or LibreOffice would save it. */
function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls', extraSheet?: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  if (extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(extraSheet), 'Outra');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/**
 * Valid, invalid and duplicate rows. The simulator knows Brazilian mobiles with the ninth digit and says numbers
 * ending in 0000 are not on WhatsApp.
 */
const MIXED_ROWS: unknown[][] = [
  ['NOME', 'Número', 'E-mail'],
  ['Ana Lima', 5511988881111, 'ANA@example.com'],
  ['Bruno Dias', '+55 (11) 98888-2222', 'not-an-email'],
  ['Bruno de novo', '551188882222', 'bruno@example.com'], // the same phone without the ninth digit: merged
  ['Carla Sem Zap', '5511988880000', ''], // not on WhatsApp: kept, invalid
  ['Curto', '1234', 'curto@example.com'], // too short to be a phone: kept, invalid, not checked
  ['', '', ''], // blank: ignored
  ['Sem número', '', 'x@example.com'], // no number: skipped, counted invalid
  ['Ana Repetida', '5511988881111', ''], // duplicate of Ana
  ['E', '5521977776666', ''], // name too short: the number stands in
];

describe('contact lists', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let list: ContactListResponse;

  const http = () => t.http();
  const upload = (session: Session, listId: number, content: Buffer, filename: string, contentType = XLSX_TYPE) =>
    http().post(`/api/contact-lists/${listId}/upload`).set(session.auth).attach('file', content, { filename, contentType });
  const latest = async (session: Session, listId: number): Promise<ContactListImportResponse | null> =>
    (await http().get(`/api/contact-lists/${listId}/imports/latest`).set(session.auth)).body.import;
  const finished = (session: Session, listId: number) =>
    waitFor(async () => {
      const row = await latest(session, listId);
      return row && (row.status === 'done' || row.status === 'failed') ? row : null;
    }, 20_000 * TIME_FACTOR);
  const items = async (session: Session, listId: number): Promise<ContactListItemResponse[]> =>
    (
      await http()
        .get('/api/contact-list-items')
        .query({ range: '[0,499]', sort: '["number","ASC"]', filter: JSON.stringify({ contactListId: listId }) })
        .set(session.auth)
    ).body;
  const storedFiles = (companyId: number): Promise<string[]> => storedMedia(t).paths(companyId);

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    await connectedSimulator(t, a.company.id);
  });
  afterAll(() => t.close());

  describe('lists', () => {
    it('creates, lists (both dialects), reads, renames and announces lists', async () => {
      const socket = await connectSocket(t, adminA.token);
      const events: unknown[] = [];
      socket.on(`company-${a.company.id}-contact-list`, (payload: unknown) => events.push(payload));
      // Another company's admin, and an attendant of the same company (lists are the admins'): neither hears of it.
      const [foreign, attendant] = await Promise.all([connectSocket(t, adminB.token), connectSocket(t, userA.token)]);
      const leaked: string[] = [];
      for (const other of [foreign, attendant]) other.onAny((event: string) => /contact-?list/i.test(event) && leaked.push(event));

      const created = await http().post('/api/contact-lists').set(adminA.auth).send({ name: '  Clientes VIP ' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Clientes VIP',
        itemCount: 0,
        validCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      list = created.body;
      const other = (await http().post('/api/contact-lists').set(adminA.auth).send({ name: 'Aniversariantes' })).body as ContactListResponse;

      const spec = await http().get('/api/contact-lists').query({ searchParam: 'vip', pageNumber: 1 }).set(adminA.auth);
      expect(spec.status).toBe(200);
      expect(spec.body).toEqual({ records: [list], hasMore: false, count: 1 });
      const ra = await http().get('/api/contact-lists').query({ range: '[0,0]', sort: '["name","ASC"]', filter: '{}' }).set(adminA.auth);
      expect(ra.headers['content-range']).toBe('records 0-0/2');
      expect(ra.body.map((l: ContactListResponse) => l.name)).toEqual(['Aniversariantes']);
      const all = await http().get('/api/contact-lists/list').set(adminA.auth);
      expect(all.body.map((l: ContactListResponse) => l.name)).toEqual(['Aniversariantes', 'Clientes VIP']);
      expect((await http().get(`/api/contact-lists/${list.id}`).set(adminA.auth)).body).toEqual(list);

      const renamed = await http().put(`/api/contact-lists/${other.id}`).set(adminA.auth).send({ name: 'Aniversariantes de março' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Aniversariantes de março');
      expect((await http().delete(`/api/contact-lists/${other.id}`).set(adminA.auth)).status).toBe(204);
      expect((await http().get(`/api/contact-lists/${other.id}`).set(adminA.auth)).status).toBe(404);

      await waitFor(() => events.length >= 4);
      expect(events).toEqual([
        { action: 'create', record: list },
        { action: 'create', record: other },
        { action: 'update', record: renamed.body },
        { action: 'delete', id: other.id },
      ]);
      expect(leaked).toEqual([]);
      for (const open of [socket, foreign, attendant]) open.close();
    });

    it('refuses bad input with the offending fields', async () => {
      for (const [body, field] of [
        [{ name: 'a' }, 'name'],
        [{ name: 'x'.repeat(51) }, 'name'],
        [{}, 'name'],
        [{ name: 'Boa', extra: 1 }, 'extra'],
      ] as const) {
        const res = await http().post('/api/contact-lists').set(adminA.auth).send(body);
        expect(res.status).toBe(400);
        expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect((await http().put(`/api/contact-lists/${list.id}`).set(adminA.auth).send({ name: null })).status).toBe(400);
      expect((await http().get('/api/contact-lists/abc').set(adminA.auth)).status).toBe(400);
      expect((await http().get('/api/contact-lists').query({ pageNumber: 0 }).set(adminA.auth)).status).toBe(400);
      expect((await http().get('/api/contact-lists').query({ sort: '["secret","ASC"]' }).set(adminA.auth)).status).toBe(400);
      expect((await http().get('/api/contact-lists/abc/imports/latest').set(adminA.auth)).status).toBe(400);
    });
  });

  describe('items', () => {
    let ana: ContactListItemResponse;

    it('checks a typed number on WhatsApp, keeps the number WhatsApp knows and announces the change', async () => {
      const socket = await connectSocket(t, adminA.token);
      const events: unknown[] = [];
      socket.on(`company-${a.company.id}-ContactListItem`, (payload: unknown) => events.push(payload));

      const created = await http()
        .post('/api/contact-list-items')
        .set(adminA.auth)
        .send({ name: 'Ana Lima', number: '+55 11 8888-1111', email: 'Ana@Example.com', contactListId: list.id, companyId: 999 });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        contactListId: list.id,
        name: 'Ana Lima',
        number: '5511988881111',
        email: 'ana@example.com',
        isWhatsappValid: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      ana = created.body;
      const invalid = await http().post('/api/contact-list-items').set(adminA.auth).send({ name: 'Sem Zap', number: '5511977770000', contactListId: list.id });
      expect(invalid.body).toMatchObject({ number: '5511977770000', isWhatsappValid: false, email: null });

      const updated = await http().put(`/api/contact-list-items/${ana.id}`).set(adminA.auth).send({ name: 'Ana L.', email: '', contactListId: list.id });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: ana.id, name: 'Ana L.', email: null, number: '5511988881111', isWhatsappValid: true });
      ana = updated.body;

      expect((await http().delete(`/api/contact-list-items/${invalid.body.id}`).set(adminA.auth)).status).toBe(204);
      expect((await http().get(`/api/contact-list-items/${invalid.body.id}`).set(adminA.auth)).status).toBe(404);
      expect((await http().get(`/api/contact-list-items/${ana.id}`).set(adminA.auth)).body).toEqual(ana);

      await waitFor(() => events.length >= 4);
      expect(events).toEqual([
        { action: 'create', record: created.body },
        { action: 'create', record: invalid.body },
        { action: 'update', record: updated.body },
        { action: 'delete', id: invalid.body.id, contactListId: list.id },
      ]);
      expect((await http().get(`/api/contact-lists/${list.id}`).set(adminA.auth)).body).toMatchObject({ itemCount: 1, validCount: 1 });
      socket.close();
    });

    it('refuses a number already in the list (also written without the ninth digit) with 409', async () => {
      for (const number of ['5511988881111', '551188881111']) {
        const res = await http().post('/api/contact-list-items').set(adminA.auth).send({ name: 'Outra Ana', number, contactListId: list.id });
        expect(res.status).toBe(409);
        expect(res.body.error).toBe('ERR_CONTACT_LIST_ITEM_EXISTS');
      }
    });

    it('lists items in the spec dialect by contactListId, with search and pages', async () => {
      const res = await http().get('/api/contact-list-items').query({ searchParam: 'ana', pageNumber: 1, contactListId: list.id }).set(adminA.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ contacts: [ana], hasMore: false, count: 1 });
      expect((await http().get('/api/contact-list-items').query({ searchParam: '98888', contactListId: list.id }).set(adminA.auth)).body.count).toBe(1);
      expect((await http().get('/api/contact-list-items').query({ searchParam: 'nobody', contactListId: list.id }).set(adminA.auth)).body.count).toBe(0);
    });

    it('refuses bad input with the offending fields', async () => {
      for (const [body, field] of [
        [{ name: 'A', number: '5511988883333', contactListId: list.id }, 'name'],
        [{ name: 'Nome', number: 'abc', contactListId: list.id }, 'number'],
        [{ name: 'Nome', number: '1234567', contactListId: list.id }, 'number'],
        [{ name: 'Nome', number: '1'.repeat(51), contactListId: list.id }, 'number'],
        [{ name: 'Nome', number: '5511988883333', email: 'no-at', contactListId: list.id }, 'email'],
        [{ name: 'Nome', number: '5511988883333' }, 'contactListId'],
        [{ name: 'Nome', number: '5511988883333', contactListId: 'x' }, 'contactListId'],
      ] as const) {
        const res = await http().post('/api/contact-list-items').set(adminA.auth).send(body);
        expect(res.status).toBe(400);
        expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect((await http().put(`/api/contact-list-items/${ana.id}`).set(adminA.auth).send({ number: '12' })).status).toBe(400);
      expect((await http().get('/api/contact-list-items').query({ contactListId: 'abc' }).set(adminA.auth)).status).toBe(400);
      expect((await http().get('/api/contact-list-items/abc').set(adminA.auth)).status).toBe(400);
      expect((await http().delete('/api/contact-list-items/abc').set(adminA.auth)).status).toBe(400);
      // A list of another company or none at all: 404, as for any id that is not the caller's.
      expect(
        (await http().post('/api/contact-list-items').set(adminA.auth).send({ name: 'Nome', number: '5511988883333', contactListId: 999999 })).status,
      ).toBe(404);
    });
  });

  describe('import', () => {
    it('imports an .xlsx: numbers normalised and checked, invalid rows kept, duplicates merged, progress announced', async () => {
      const socket = await connectSocket(t, adminA.token);
      const progress: ContactListImportResponse[] = [];
      const reloads: unknown[] = [];
      socket.on(`company-${a.company.id}-contact-list`, (payload: { action: string; import?: ContactListImportResponse }) => {
        if (payload.action === 'import') progress.push(payload.import!);
      });
      socket.on(`company-${a.company.id}-ContactListItem`, (payload: { action: string }) => {
        if (payload.action === 'reload') reloads.push(payload);
      });

      const res = await upload(adminA, list.id, workbook(MIXED_ROWS, 'xlsx', [['numero'], ['5599999999999']]), 'contatos.xlsx');
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ contactListId: list.id, status: 'queued', fileName: 'contatos.xlsx', error: null });
      const done = await finished(adminA, list.id);
      expect(done).toMatchObject({ id: res.body.id, status: 'done', total: 8, processed: 8, valid: 3, invalid: 3, duplicates: 2, error: null });

      // Ana was already in the list (typed in): the import updated her row rather than adding a second one.
      const stored = await items(adminA, list.id);
      expect(stored.map(({ name, number, email, isWhatsappValid }) => ({ name, number, email, isWhatsappValid }))).toEqual([
        { name: 'Curto', number: '1234', email: 'curto@example.com', isWhatsappValid: false },
        { name: 'Carla Sem Zap', number: '5511988880000', email: null, isWhatsappValid: false },
        { name: 'Ana Lima', number: '5511988881111', email: 'ana@example.com', isWhatsappValid: true },
        { name: 'Bruno Dias', number: '5511988882222', email: 'bruno@example.com', isWhatsappValid: true },
        { name: '5521977776666', number: '5521977776666', email: null, isWhatsappValid: true },
      ]);
      // Only the first sheet is read.
      expect(stored.some((item) => item.number === '5599999999999')).toBe(false);
      expect((await http().get(`/api/contact-lists/${list.id}`).set(adminA.auth)).body).toMatchObject({ itemCount: 5, validCount: 3 });

      await waitFor(() => reloads.length >= 1 && progress.some((p) => p.status === 'done'));
      expect(reloads).toEqual([{ action: 'reload', contactListId: list.id }]);
      expect(progress.map((p) => p.status)).toEqual(expect.arrayContaining(['queued', 'running', 'done']));
      expect(progress.at(-1)).toEqual(done);
      // The uploaded file is removed once the import ended.
      expect(await storedFiles(a.company.id)).toEqual([]);
      socket.close();
    });

    it('imports an .xls (BIFF8) the same way', async () => {
      const xlsList = (await http().post('/api/contact-lists').set(adminA.auth).send({ name: 'Planilha antiga' })).body as ContactListResponse;
      const res = await upload(adminA, xlsList.id, workbook(MIXED_ROWS, 'xls'), 'CONTATOS.XLS', XLS_TYPE);
      expect(res.status).toBe(202);
      expect(await finished(adminA, xlsList.id)).toMatchObject({ status: 'done', total: 8, valid: 3, invalid: 3, duplicates: 2 });
      expect((await items(adminA, xlsList.id)).map((item) => item.number)).toEqual([
        '1234',
        '5511988880000',
        '5511988881111',
        '5511988882222',
        '5521977776666',
      ]);
    });

    it('gives numbers without a country code the default 55 before the check, and reports invalid e-mails with their lines', async () => {
      const local = (await http().post('/api/contact-lists').set(adminA.auth).send({ name: 'Sem DDI' })).body as ContactListResponse;
      const rows = [
        ['nome', 'numero', 'email'],
        ['Paula', '11 91111-0005', 'paula@example.com'],
        ['', '', ''],
        ['Rafa', '(21) 97777-3333', 'rafa@'],
        ['Sem Zap', '1188880000', 'sem zap@example.com'],
      ];
      expect((await upload(adminA, local.id, workbook(rows, 'xlsx'), 'ddd.xlsx')).status).toBe(202);
      const done = await finished(adminA, local.id);
      expect(done).toMatchObject({ status: 'done', valid: 2, invalid: 1, invalidEmails: 2, invalidEmailLines: [4, 5] });
      expect((await items(adminA, local.id)).map(({ number, email, isWhatsappValid }) => ({ number, email, isWhatsappValid }))).toEqual([
        { number: '5511911110005', email: 'paula@example.com', isWhatsappValid: true },
        // Checked as a Brazilian number (55 added), in its ninth-digit form.
        { number: '5511988880000', email: null, isWhatsappValid: false },
        { number: '5521977773333', email: null, isWhatsappValid: true },
      ]);
    });

    it('refuses bad files with a clear code and changes nothing', async () => {
      const before = await items(adminA, list.id);
      const importsBefore = await t.em().count(ContactListImport, { contactList: list.id }, { filters: false });
      const cases: [Buffer, string, string, number, string][] = [
        [Buffer.from('nome,numero\nAna,5511988881111\n'), 'contatos.csv', 'text/csv', 415, 'ERR_IMPORT_FILE_TYPE'],
        [Buffer.from('nome;numero\nAna;5511988881111\n'), 'contatos.xlsx', XLSX_TYPE, 400, 'ERR_IMPORT_CORRUPT_FILE'],
        [workbook(MIXED_ROWS, 'xlsx').subarray(0, 300), 'cortado.xlsx', XLSX_TYPE, 400, 'ERR_IMPORT_CORRUPT_FILE'],
        [workbook([], 'xlsx'), 'vazio.xlsx', XLSX_TYPE, 400, 'ERR_IMPORT_EMPTY_FILE'],
        [workbook([['nome', 'numero', 'email']], 'xlsx'), 'so-cabecalho.xlsx', XLSX_TYPE, 400, 'ERR_IMPORT_EMPTY_FILE'],
        [
          workbook(
            [
              ['nome', 'email'],
              ['Ana', 'ana@example.com'],
            ],
            'xls',
          ),
          'sem-numero.xls',
          XLS_TYPE,
          400,
          'ERR_IMPORT_NO_NUMBER_COLUMN',
        ],
        [Buffer.alloc(0), 'nada.xlsx', XLSX_TYPE, 400, 'ERR_IMPORT_FILE_REQUIRED'],
        [Buffer.alloc(21 * 1024 * 1024, 1), 'enorme.xlsx', XLSX_TYPE, 413, 'ERR_MEDIA_TOO_LARGE'],
      ];
      for (const [content, filename, type, status, error] of cases) {
        const res = await upload(adminA, list.id, content, filename, type);
        expect({ filename, status: res.status, error: res.body.error }).toEqual({ filename, status, error });
      }
      const none = await http().post(`/api/contact-lists/${list.id}/upload`).set(adminA.auth).send({});
      expect(none.status).toBe(400);
      expect(none.body.error).toBe('ERR_IMPORT_FILE_REQUIRED');

      expect(await items(adminA, list.id)).toEqual(before);
      expect(await t.em().count(ContactListImport, { contactList: list.id }, { filters: false })).toBe(importsBefore);
      expect(await storedFiles(a.company.id)).toEqual([]);

      // A big file is accepted at once and refused by the job with the same code, still without touching the list.
      const big = workbook(
        [['nome', 'email'], ...Array.from({ length: 30_000 }, (_, i) => [`Cliente com um nome bem comprido ${i}`, `cliente.numero.${i}@example.com`])],
        'xlsx',
      );
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      expect((await upload(adminA, list.id, big, 'grande.xlsx')).status).toBe(202);
      expect(await finished(adminA, list.id)).toMatchObject({ status: 'failed', error: 'ERR_IMPORT_NO_NUMBER_COLUMN', total: 0, processed: 0 });
      expect(await items(adminA, list.id)).toEqual(before);
      expect(await storedFiles(a.company.id)).toEqual([]);
    });

    it('runs one import per list at a time, even when two uploads arrive together', async () => {
      const busy = (await http().post('/api/contact-lists').set(adminA.auth).send({ name: 'Ocupada' })).body as ContactListResponse;
      const both = await Promise.all([1, 2].map(() => upload(adminA, busy.id, workbook(MIXED_ROWS, 'xlsx'), 'contatos.xlsx')));
      const statuses = both.map((res) => res.status).sort();
      // The second is refused while the first is queued or running; it may also arrive after the first finished.
      expect([
        [202, 409],
        [202, 202],
      ]).toContainEqual(statuses);
      for (const res of both.filter((r) => r.status === 409)) expect(res.body.error).toBe('ERR_IMPORT_IN_PROGRESS');
      await finished(adminA, busy.id);
      // While one is queued, another upload is refused and its file not kept.
      const em = t.em();
      em.create(ContactListImport, {
        company: em.getReference(Company, a.company.id),
        contactList: em.getReference(ContactList, busy.id),
        fileName: 'fila.xlsx',
      });
      await em.flush();
      const refused = await upload(adminA, busy.id, workbook(MIXED_ROWS, 'xlsx'), 'contatos.xlsx');
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('ERR_IMPORT_IN_PROGRESS');
      await em.nativeDelete(ContactListImport, { contactList: busy.id, status: 'queued' }, { filters: false });
    });

    it('leaves numbers unchecked (null) when the company has no connected connection', async () => {
      const b = await createTenant(t);
      const adminB2 = await login(t, b.admin.email);
      const bList = (await http().post('/api/contact-lists').set(adminB2.auth).send({ name: 'Sem conexão' })).body as ContactListResponse;
      expect((await upload(adminB2, bList.id, workbook(MIXED_ROWS, 'xlsx'), 'contatos.xlsx')).status).toBe(202);
      expect(await finished(adminB2, bList.id)).toMatchObject({ status: 'done', total: 8, valid: 0, invalid: 2, duplicates: 1 });
      const stored = await items(adminB2, bList.id);
      // Without WhatsApp the ninth digit stays unresolved: 551188882222 and 5511988882222 are two items.
      expect(stored.map((item) => [item.number, item.isWhatsappValid])).toEqual([
        ['1234', false],
        ['551188882222', null],
        ['5511988880000', null],
        ['5511988881111', null],
        ['5511988882222', null],
        ['5521977776666', null],
      ]);
      const item = await http().post('/api/contact-list-items').set(adminB2.auth).send({ name: 'Nova', number: '5511977775555', contactListId: bList.id });
      expect(item.body).toMatchObject({ number: '5511977775555', isWhatsappValid: null });
    });

    it('runs an import that a crash left behind again, from its row, without doubling anything', async () => {
      // A company without a connection, so the re-run does not depend on when the simulator reconnects after boot.
      const c = await createTenant(t);
      let adminC = await login(t, c.admin.email);
      const crashList = (await http().post('/api/contact-lists').set(adminC.auth).send({ name: 'Interrompida' })).body as ContactListResponse;
      // The state a kill -9 half-way through leaves: the row says running, the file is in storage, some items stored.
      const em = t.em();
      const stored = await t.app.get(StoragePort).save(c.company.id, workbook(MIXED_ROWS, 'xlsx'), XLSX_TYPE);
      const company = em.getReference(Company, c.company.id);
      const contactList = em.getReference(ContactList, crashList.id);
      const row = em.create(ContactListImport, {
        company,
        contactList,
        status: 'running',
        storedPath: stored.path,
        fileName: 'contatos.xlsx',
        total: 8,
        processed: 4,
      });
      em.create(ContactListItem, { company, contactList, name: 'Ana Lima', number: '5511988881111', email: 'ana@example.com', isWhatsappValid: null });
      em.create(ContactListItem, { company, contactList, name: 'Bruno Dias', number: '5511988882222', email: null, isWhatsappValid: null });
      await em.flush();

      // A new process on the same database and Redis: the unfinished row is queued again at boot.
      t = await t.restart();
      adminC = await login(t, c.admin.email);
      adminA = await login(t, a.admin.email);
      const done = await finished(adminC, crashList.id);
      expect(done).toMatchObject({ id: row.id, status: 'done', total: 8, valid: 0, invalid: 2, duplicates: 1 });
      const numbers = (await items(adminC, crashList.id)).map((item) => item.number);
      expect(numbers).toEqual(['1234', '551188882222', '5511988880000', '5511988881111', '5511988882222', '5521977776666']);
      expect(await storedFiles(c.company.id)).toEqual([]);
    });
  });

  describe('access', () => {
    it('answers 404 for another company’s lists and items, and shows it none of them', async () => {
      const item = (await items(adminA, list.id))[0]!;
      for (const res of [
        await http().get(`/api/contact-lists/${list.id}`).set(adminB.auth),
        await http().put(`/api/contact-lists/${list.id}`).set(adminB.auth).send({ name: 'Roubada' }),
        await http().delete(`/api/contact-lists/${list.id}`).set(adminB.auth),
        await http().get(`/api/contact-lists/${list.id}/imports/latest`).set(adminB.auth),
        await upload(adminB, list.id, workbook(MIXED_ROWS, 'xlsx'), 'contatos.xlsx'),
        await http().get(`/api/contact-list-items/${item.id}`).set(adminB.auth),
        await http().put(`/api/contact-list-items/${item.id}`).set(adminB.auth).send({ name: 'Roubado' }),
        await http().delete(`/api/contact-list-items/${item.id}`).set(adminB.auth),
        await http().post('/api/contact-list-items').set(adminB.auth).send({ name: 'Intrusa', number: '5511988887777', contactListId: list.id }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toMatch(/^ERR_NO_CONTACT_LIST(_ITEM)?_FOUND$/);
      }
      expect((await http().get('/api/contact-list-items').query({ contactListId: list.id }).set(adminB.auth)).body.count).toBe(0);
      expect((await http().get('/api/contact-lists/list').set(adminB.auth)).body.map((l: ContactListResponse) => l.id)).not.toContain(list.id);
      expect((await http().get(`/api/contact-lists/${list.id}`).set(adminA.auth)).body.name).toBe('Clientes VIP');
    });

    it('answers 403 to a user profile on every route, and to a company with campaigns disabled', async () => {
      userA = await login(t, a.user.email);
      const item = (await items(adminA, list.id))[0]!;
      const calls = (session: Session) => [
        http().get('/api/contact-lists').set(session.auth),
        http().get('/api/contact-lists/list').set(session.auth),
        http().get(`/api/contact-lists/${list.id}`).set(session.auth),
        http().post('/api/contact-lists').set(session.auth).send({ name: 'Minha lista' }),
        http().put(`/api/contact-lists/${list.id}`).set(session.auth).send({ name: 'Minha lista' }),
        http().delete(`/api/contact-lists/${list.id}`).set(session.auth),
        http().get(`/api/contact-lists/${list.id}/imports/latest`).set(session.auth),
        upload(session, list.id, workbook(MIXED_ROWS, 'xlsx'), 'contatos.xlsx'),
        http().get('/api/contact-list-items').query({ contactListId: list.id }).set(session.auth),
        http().get(`/api/contact-list-items/${item.id}`).set(session.auth),
        http().post('/api/contact-list-items').set(session.auth).send({ name: 'Nova', number: '5511988887777', contactListId: list.id }),
        http().put(`/api/contact-list-items/${item.id}`).set(session.auth).send({ name: 'Outro nome' }),
        http().delete(`/api/contact-list-items/${item.id}`).set(session.auth),
      ];
      const refused = await Promise.all(calls(userA));
      expect(refused.map((res) => [res.status, res.body.error])).toEqual(refused.map(() => [403, 'ERR_NO_PERMISSION']));

      const em = t.em();
      const setting = await em.findOneOrFail(Setting, { company: a.company.id, key: 'campaignsEnabled' }, { filters: false });
      setting.value = 'false';
      await em.flush();
      for (const res of await Promise.all(calls(adminA))) expect(res.status).toBe(403);
      setting.value = 'true';
      await em.flush();
      expect((await http().get('/api/contact-lists').set(adminA.auth)).status).toBe(200);
      // Nothing the refused calls sent was stored.
      expect(await storedFiles(a.company.id)).toEqual([]);
    });
  });
});
