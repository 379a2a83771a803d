// Issue 22: spreadsheets uploaded to a contact list are archives; a zip bomb must cost the server a read of its
// directory, not gigabytes. The app runs in this process, so this process's resident set is the server's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Company } from '../../../src/modules/companies/company.entity.js';
import { ContactListImport } from '../../../src/modules/contact-lists/contact-list-import.entity.js';
import { ContactList } from '../../../src/modules/contact-lists/contact-list.entity.js';
import { ContactImportJobs } from '../../../src/modules/contact-lists/import/contact-import-jobs.js';
import { StoragePort } from '../../../src/infra/storage/storage.port.js';
import type { ContactListImportResponse, ContactListResponse } from '../../../src/shared/campaign-api-types.js';
import { waitFor } from '../../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { storedMedia } from '../../utils/stored-media.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';
import { smallWorkbook, xlsxZipBomb } from '../../utils/zip-bomb.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MiB = 1024 * 1024;
/** Growth of this process's resident set a refused bomb may cause (the upload itself is 1.5 MB). */
const RSS_BUDGET = 64 * MiB;

/** Runs `work` while sampling the resident set every few milliseconds; answers its result, the peak growth and the time. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; growth: number; ms: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before, ms: performance.now() - started };
  } finally {
    clearInterval(sampler);
  }
}

describe('spreadsheet bombs', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let list: ContactListResponse;
  const figures: string[] = [];

  const upload = (content: Buffer, filename = 'contatos.xlsx') =>
    t.http().post(`/api/contact-lists/${list.id}/upload`).set(admin.auth).attach('file', content, { filename, contentType: XLSX_TYPE });
  const latest = async (): Promise<ContactListImportResponse | null> =>
    (await t.http().get(`/api/contact-lists/${list.id}/imports/latest`).set(admin.auth)).body.import;
  const finished = () =>
    waitFor(async () => {
      const row = await latest();
      return row && (row.status === 'done' || row.status === 'failed') ? row : null;
    }, 60_000 * TIME_FACTOR);
  const storedFiles = (): Promise<string[]> => storedMedia(t).paths(tenant.company.id);
  const imports = () => t.em().count(ContactListImport, { contactList: list.id }, { filters: false });
  const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    list = (await t.http().post('/api/contact-lists').set(admin.auth).send({ name: 'Bombas' })).body;
    // One ordinary upload first, so the measured ones do not pay for first-use allocations (multipart parser, storage).
    expect((await upload(Buffer.from('nome;numero\n'))).status).toBe(400);
  });
  afterAll(async () => {
    await t.close();
    // The figures the issue asks for, in the test output.
    console.log(figures.join('\n'));
  });

  it('refuses a 1.5 MB bomb of 1.5 GB of sheet XML at upload, in milliseconds, without growing the server', async () => {
    const bomb = xlsxZipBomb(1.5e9);
    expect(bomb.length).toBeLessThan(2 * MiB); // checked inside the request
    const importsBefore = await imports();
    const { result: res, growth, ms } = await measured(() => upload(bomb));
    figures.push(`one ${mb(bomb.length)} bomb: ${res.status} ${res.body.error} in ${ms.toFixed(0)} ms, RSS +${mb(growth)}`);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('ERR_IMPORT_FILE_TOO_LARGE');
    expect(ms).toBeLessThan(5000 * TIME_FACTOR);
    expect(growth).toBeLessThan(RSS_BUDGET);
    expect(await imports()).toBe(importsBefore);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses bombs uploaded together, each for the cost of one', async () => {
    const bomb = xlsxZipBomb(1.5e9);
    for (const count of [2, 4]) {
      const { result, growth, ms } = await measured(() => Promise.all(Array.from({ length: count }, () => upload(bomb))));
      figures.push(`${count} ${mb(bomb.length)} bombs together: ${result.map((r) => r.status).join(', ')} in ${ms.toFixed(0)} ms, RSS +${mb(growth)}`);
      for (const res of result) expect([res.status, res.body.error]).toEqual([413, 'ERR_IMPORT_FILE_TOO_LARGE']);
      expect(growth).toBeLessThan(RSS_BUDGET);
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses at upload a bomb too big for the check inside the request, and a ZIP64 one', async () => {
    for (const bomb of [xlsxZipBomb(3e9), xlsxZipBomb(5 * 1024 * MiB)]) {
      expect(bomb.length).toBeGreaterThan(2 * MiB);
      const { result: res, growth, ms } = await measured(() => upload(bomb));
      figures.push(`one ${mb(bomb.length)} bomb (over 2 MB): ${res.status} ${res.body.error} in ${ms.toFixed(0)} ms, RSS +${mb(growth)}`);
      expect([res.status, res.body.error]).toEqual([413, 'ERR_IMPORT_FILE_TOO_LARGE']);
      expect(growth).toBeLessThan(RSS_BUDGET);
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a bomb whose sizes lie, in the request when small, in the import job when big, the server staying small', async () => {
    // Declares 20 MiB (a ratio real sheets have), inflates to 1 GB: the reader stops at the 20 MiB.
    const small = xlsxZipBomb(1e9, { declaredSize: 20 * MiB });
    expect(small.length).toBeLessThan(2 * MiB);
    const refused = await measured(() => upload(small));
    figures.push(
      `lying ${mb(small.length)} bomb: ${refused.result.status} ${refused.result.body.error} in ${refused.ms.toFixed(0)} ms, RSS +${mb(refused.growth)}`,
    );
    expect([refused.result.status, refused.result.body.error]).toEqual([400, 'ERR_IMPORT_CORRUPT_FILE']);
    expect(refused.growth).toBeLessThan(RSS_BUDGET);

    // Over 2 MB the upload only checks the directory (honest-looking): the job's reader finds the lie.
    const big = xlsxZipBomb(3e9, { declaredSize: 100 * MiB });
    expect(big.length).toBeGreaterThan(2 * MiB);
    const accepted = await measured(async () => {
      const res = await upload(big);
      expect(res.status).toBe(202);
      return finished();
    });
    figures.push(
      `lying ${mb(big.length)} bomb, read by the job: ${accepted.result.status} ${accepted.result.error} in ${accepted.ms.toFixed(0)} ms, RSS +${mb(accepted.growth)}`,
    );
    expect(accepted.result).toMatchObject({ status: 'failed', error: 'ERR_IMPORT_CORRUPT_FILE', total: 0 });
    expect(accepted.growth).toBeLessThan(RSS_BUDGET);
    // The file goes once the row says how the import ended.
    await waitFor(async () => (await storedFiles()).length === 0);
  });

  it('ends an import job failed with the code when its stored file is a bomb', async () => {
    // A file that reached storage before the check existed (or by another way in): the job checks it again.
    const em = t.em();
    const stored = await t.app.get(StoragePort).save(tenant.company.id, xlsxZipBomb(1.5e9), XLSX_TYPE);
    const row = em.create(ContactListImport, {
      company: em.getReference(Company, tenant.company.id),
      contactList: em.getReference(ContactList, list.id),
      storedPath: stored.path,
      fileName: 'antiga.xlsx',
    });
    await em.flush();
    const { result, growth } = await measured(async () => {
      await t.app.get(ContactImportJobs).enqueue(tenant.company.id, row.id);
      return finished();
    });
    expect(result).toMatchObject({ id: row.id, status: 'failed', error: 'ERR_IMPORT_FILE_TOO_LARGE', total: 0 });
    expect(growth).toBeLessThan(RSS_BUDGET);
    await waitFor(async () => (await storedFiles()).length === 0);
    // The list takes an honest file afterwards.
    const honest = smallWorkbook([
      ['nome', 'numero'],
      ['Ana', '5511988881111'],
    ]);
    expect((await upload(honest)).status).toBe(202);
    expect(await finished()).toMatchObject({ status: 'done', total: 1, error: null });
  });
});
