import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import type { Response } from 'supertest';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

/** supertest keeps a binary answer as a Buffer with this parser. */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('contacts export', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    expect((await t.http().post('/api/contacts').set(adminA.auth).send({ name: 'Ana Lima', number: '5511988887777', email: 'ana@example.com' })).status).toBe(
      201,
    );
    // Written as an import or a WhatsApp profile name would leave them (the API's own rules would refuse some).
    const em = t.em();
    const company = em.getReference(Company, a.company.id);
    em.create(Contact, { company, name: '=HYPERLINK("http://evil.example","clique")', number: '5511988886666', email: '@SUM(1+1)' });
    em.create(Contact, { company, name: '+Bruno, "o chefe"', number: '5511988885555', email: '' });
    await em.flush();
    expect((await t.http().post('/api/contacts').set(adminB.auth).send({ name: 'Cliente de B', number: '5511977776666' })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('exports every contact as CSV, neutralising formula-looking cells', async () => {
    const res = await t.http().get('/api/contacts/export').query({ format: 'csv' }).set(adminA.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('contatos.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('nome,numero,email');
    expect(lines).toContain('Ana Lima,5511988887777,ana@example.com');
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""clique"")",5511988886666,'@SUM(1+1)`);
    expect(lines).toContain(`"'+Bruno, ""o chefe""",5511988885555,`);
    // Another company's contacts never come along.
    expect(res.text).not.toContain('Cliente de B');
  });

  it('exports the same as .xlsx, every cell text', async () => {
    const res = await t.http().get('/api/contacts/export').query({ format: 'xlsx' }).set(adminA.auth).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['nome', 'numero', 'email']);
    expect(rows).toContainEqual(['\'=HYPERLINK("http://evil.example","clique")', '5511988886666', "'@SUM(1+1)"]);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(
      Object.keys(sheet)
        .filter((key) => !key.startsWith('!'))
        .every((key) => (sheet[key] as { t: string; f?: string }).t === 's' && !(sheet[key] as { f?: string }).f),
    ).toBe(true);
  });

  it('refuses a bad format, attendants, and shows another company only its own', async () => {
    const bad = await t.http().get('/api/contacts/export').query({ format: 'pdf' }).set(adminA.auth);
    expect(bad.status).toBe(400);
    expect((await t.http().get('/api/contacts/export').set(adminA.auth)).status).toBe(400);
    const attendant = await t.http().get('/api/contacts/export').query({ format: 'csv' }).set(userA.auth);
    expect(attendant.status).toBe(403);
    const other = await t.http().get('/api/contacts/export').query({ format: 'csv' }).set(adminB.auth);
    expect(other.status).toBe(200);
    expect(other.text).toContain('Cliente de B');
    expect(other.text).not.toContain('Ana Lima');
    expect(a.company.id).toBeGreaterThan(0);
  });

  it('imports a .csv (export format included) and a .xlsx, skipping known numbers', async () => {
    const csv = Buffer.from('\uFEFFnome;numero;email\r\nCarla Dias;+55 (11) 98888-4444;CARLA@example.com\r\n"Ana Lima";5511988887777;\r\n;;\r\n', 'utf8');
    const first = await t.http().post('/api/contacts/import').set(adminA.auth).attach('file', csv, 'contatos.csv');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 1, existing: 1, duplicates: 0, invalid: 1 });
    const carla = await t.em().fork().findOneOrFail(Contact, { number: '5511988884444', company: a.company.id }, { filters: false });
    expect(carla).toMatchObject({ name: 'Carla Dias', email: 'carla@example.com' });

    // A file the export wrote comes back as it left (the apostrophes go away).
    const exported = await t.http().get('/api/contacts/export').query({ format: 'xlsx' }).set(adminA.auth).buffer(true).parse(binary);
    const sheet = XLSX.read(exported.body as Buffer, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    rows.push(['Davi Souza', '5511988883333', 'davi@example.com']);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
    const again = await t
      .http()
      .post('/api/contacts/import')
      .set(adminB.auth)
      .attach('file', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 'contatos.xlsx');
    expect(again.status).toBe(200);
    // Company B knows none of A's numbers: all of them are new there, A's rows untouched.
    expect(again.body.created).toBe(rows.length - 1);
    const formula = await t
      .em()
      .fork()
      .findOneOrFail(Contact, { number: '5511988886666', company: { $ne: a.company.id } }, { filters: false });
    expect(formula.name).toBe('=HYPERLINK("http://evil.example","clique")');
  });

  it('refuses an import without a file, of another type, without a number column, or from an attendant', async () => {
    const none = await t.http().post('/api/contacts/import').set(adminA.auth);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_IMPORT_FILE_REQUIRED');
    const pdf = await t.http().post('/api/contacts/import').set(adminA.auth).attach('file', Buffer.from('%PDF-1.4'), 'contatos.pdf');
    expect(pdf.status).toBe(415);
    const noNumber = await t.http().post('/api/contacts/import').set(adminA.auth).attach('file', Buffer.from('nome,email\nAna,a@b.co\n'), 'x.csv');
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.error).toBe('ERR_IMPORT_NO_NUMBER_COLUMN');
    const fake = await t.http().post('/api/contacts/import').set(adminA.auth).attach('file', Buffer.from('nome,numero\nAna,1\n'), 'x.xlsx');
    expect(fake.status).toBe(400);
    const attendant = await t.http().post('/api/contacts/import').set(userA.auth).attach('file', Buffer.from('numero\n5511988882222\n'), 'x.csv');
    expect(attendant.status).toBe(403);
  });
});
