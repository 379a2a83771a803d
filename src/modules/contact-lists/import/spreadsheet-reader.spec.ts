import { describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { buildZip, deflatedPart, smallWorkbook, workbookParts, xlsxZipBomb } from '../../../../test/utils/zip-bomb.js';
import { ReadSlots } from './read-slots.js';
import { checkWorkbookContainer, HEADER_BUDGET, READ_BUDGET, readSpreadsheet } from './spreadsheet-reader.js';

const MiB = 1024 * 1024;

function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls', origin?: string): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.sheet_add_aoa(XLSX.utils.aoa_to_sheet([]), rows, { origin: origin ?? 'A1' }), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

const ROWS = [
  ['NOME', 'Número', 'E-mail'],
  ['Ana Lima', 5511988881111, 'ANA@example.com'],
  ['', '', ''],
  ['Bruno', '+55 (11) 98888-2222', ''],
];

/** A one-sheet package around this sheet XML (rows of inline text). */
const sheetXml = (rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const cell = (text: string, ref?: string) => `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${text}</t></is></c>`;

describe('readSpreadsheet', () => {
  it('reads the three columns of the first sheet of an .xlsx and an .xls, in a reader process', async () => {
    // Each row carries its line in the sheet (the blank line 3 is skipped but counted).
    const expected = [
      ['Ana Lima', '5511988881111', 'ANA@example.com', 2],
      ['Bruno', '+55 (11) 98888-2222', '', 4],
    ];
    expect(await readSpreadsheet(workbook(ROWS, 'xlsx'), false)).toEqual({ ok: true, rows: expected });
    expect(await readSpreadsheet(workbook(ROWS, 'xls'), false)).toEqual({ ok: true, rows: expected });
    expect(await readSpreadsheet(workbook(ROWS, 'xlsx'), true)).toEqual({ ok: true, rows: [] });
    // A header below blank rows and right of blank columns; a hand-built package (no shared strings, no styles).
    expect(await readSpreadsheet(workbook(ROWS, 'xlsx', 'C4'), false)).toEqual({
      ok: true,
      rows: expected.map((row) => [...row.slice(0, 3), (row[3] as number) + 3]),
    });
    expect(await readSpreadsheet(smallWorkbook([['telefone'], ['5511977776666']]), false)).toEqual({ ok: true, rows: [['', '5511977776666', '', 2]] });
  });

  it('answers the import codes for empty sheets and sheets without a number column', async () => {
    expect(await readSpreadsheet(workbook([], 'xlsx'), true)).toEqual({ ok: false, error: 'ERR_IMPORT_EMPTY_FILE' });
    expect(await readSpreadsheet(workbook([['nome', 'numero']], 'xlsx'), false)).toEqual({ ok: false, error: 'ERR_IMPORT_EMPTY_FILE' });
    expect(
      await readSpreadsheet(
        workbook(
          [
            ['nome', 'email'],
            ['Ana', 'a@b.c'],
          ],
          'xls',
        ),
        true,
      ),
    ).toEqual({ ok: false, error: 'ERR_IMPORT_NO_NUMBER_COLUMN' });
    expect(await readSpreadsheet(Buffer.from('nome;numero\n'), true)).toEqual({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
  });

  it('reads rows as wide as Excel allows at the cost of their three columns', async () => {
    // Every row also has a cell in column XFD: a reader that walks whole rows would touch 16,384 columns per row.
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `<row r="${i + 2}">${cell(`Cliente ${i}`, `A${i + 2}`)}${cell(`55119${i}`, `B${i + 2}`)}${cell('x', `XFD${i + 2}`)}</row>`,
    );
    const file = buildZip(
      workbookParts(deflatedPart('xl/worksheets/sheet1.xml', sheetXml(`<row r="1">${cell('nome', 'A1')}${cell('numero', 'B1')}</row>${rows.join('')}`))),
    );
    const started = performance.now();
    const result = await readSpreadsheet(file, false);
    expect(result.ok && result.rows.length).toBe(3000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('refuses a zip bomb by its directory, before any reader process starts', async () => {
    const bomb = xlsxZipBomb(1.5e9);
    const started = performance.now();
    expect(checkWorkbookContainer(bomb)).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
    expect(await readSpreadsheet(bomb, true)).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
    expect(await readSpreadsheet(bomb, false)).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses in the reader an entry that inflates past its declared size', async () => {
    // 20 MiB declared (ratio ~20:1, inside every cap), 1 GB real.
    const liar = xlsxZipBomb(1e9, { declaredSize: 20 * MiB });
    expect(checkWorkbookContainer(liar).ok).toBe(true);
    expect(await readSpreadsheet(liar, false)).toEqual({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
  });

  it('refuses packages SheetJS would read as something else', async () => {
    const ods = buildZip([deflatedPart('META-INF/manifest.xml', '<manifest/>'), deflatedPart('[Content_Types].xml', '<Types/>')]);
    expect(checkWorkbookContainer(ods)).toEqual({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
    expect(checkWorkbookContainer(buildZip([deflatedPart('content.xml', '<x/>')]))).toEqual({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
  });

  it('leaves to the job a header check over its budget, which the job then reads', async () => {
    // 300,000 shared strings (over the header's 250,000), a few MiB compressed.
    const strings = Array.from({ length: 300_000 }, (_, i) => `<si><t>${i.toString(36)}</t></si>`).join('');
    const parts = workbookParts(
      deflatedPart(
        'xl/worksheets/sheet1.xml',
        sheetXml(`<row r="1">${cell('nome')}${cell('numero')}</row><row r="2">${cell('Ana')}${cell('5511988881111')}</row>`),
      ),
    );
    const file = buildZip([
      ...parts,
      deflatedPart('xl/sharedStrings.xml', `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`),
    ]);
    expect(await readSpreadsheet(file, true)).toEqual({ ok: true, rows: [], deferred: true });
    expect(await readSpreadsheet(file, false)).toEqual({ ok: true, rows: [['Ana', '5511988881111', '', 2]] });
    expect(await readSpreadsheet(file, false, { ...READ_BUDGET, sharedStrings: 100_000 })).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
  });

  it('stops a reader that runs out of heap or time: the header check defers, the job refuses, this process goes on', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => [`Cliente ${i} com um nome comprido`, 5511900000000 + i, `cliente${i}@example.com`]);
    const big = workbook([['nome', 'numero', 'email'], ...rows], 'xlsx');
    expect(await readSpreadsheet(big, false, { ...READ_BUDGET, heapMb: 24 })).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
    expect(await readSpreadsheet(big, true, { ...HEADER_BUDGET, heapMb: 8 })).toEqual({ ok: true, rows: [], deferred: true });
    expect(await readSpreadsheet(big, false, { ...READ_BUDGET, timeoutMs: 50 })).toEqual({ ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
  });
});

describe('ReadSlots', () => {
  it('runs at most `size` at once, queues up to maxWaiting in order, turns the rest away', async () => {
    const slots = new ReadSlots(2, 2);
    const first = await slots.acquire();
    const second = await slots.acquire();
    const order: string[] = [];
    const queued = (name: string) =>
      slots.acquire().then((release) => {
        order.push(name);
        return release;
      });
    const third = queued('third');
    const fourth = queued('fourth');
    expect(await slots.acquire()).toBeNull();
    expect(slots.busy).toEqual({ running: 2, waiting: 2 });
    first!();
    first!(); // twice is once
    const thirdRelease = await third;
    expect(order).toEqual(['third']);
    second!();
    (await fourth)!();
    thirdRelease!();
    expect(slots.busy).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up on a wait longer than maxWaitMs', async () => {
    const slots = new ReadSlots(1, 5, 20);
    const held = await slots.acquire();
    expect(await slots.acquire()).toBeNull();
    expect(slots.busy).toEqual({ running: 1, waiting: 0 });
    held!();
    expect(slots.busy.running).toBe(0);
  });
});
