import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '../../../shared/error-codes.js';

/** The most data rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;
/** The header is looked for in this many rows from the top. */
const HEADER_SCAN_ROWS = 50;
/** A worker that takes longer than this is stopped: the file is refused as corrupt. */
const READ_TIMEOUT_MS = 5 * 60 * 1000;
const WORKER_HEAP_MB = 768;
/** Rows per message from the worker. */
const SLICE_ROWS = 2000;

/** One data row: the cells under nome, numero and email, as text ('' when the column is absent). */
export type SheetRow = [name: string, number: string, email: string];

export type SheetReadResult = { ok: true; rows: SheetRow[] } | { ok: false; error: ImportErrorCode };

export type ImportErrorCode = Extract<ErrorCode, `ERR_IMPORT_${string}`>;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The bytes of an Excel workbook: .xlsx is a ZIP package, .xls a compound document (BIFF). SheetJS also reads CSV,
 * HTML and plain text, so a text file renamed to .xlsx would "parse": the container is checked first.
 */
export const looksLikeWorkbook = (head: Buffer): boolean =>
  head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) || head.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC);

export const SPREADSHEET_EXTENSIONS = ['.xls', '.xlsx'] as const;

export const hasSpreadsheetExtension = (fileName: string): boolean => SPREADSHEET_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext));

const xlsxEntry = createRequire(import.meta.url).resolve('@e965/xlsx');

/**
 * Runs inside a worker thread (serialised with toString: it may use nothing from this module's scope). Reads the
 * first sheet of the workbook, finds the header row (nome/numero/email in any case or accent, English names too) and
 * answers the data rows as text, or an error code.
 */
function readInWorker(): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const input = workerData as { xlsx: string; data: Uint8Array; headerOnly: boolean; scanRows: number; maxRows: number; sliceRows: number };
  const XLSX = require(input.xlsx) as typeof import('@e965/xlsx');
  const COLUMNS: Record<string, 0 | 1 | 2> = {
    nome: 0,
    name: 0,
    contato: 0,
    numero: 1,
    number: 1,
    telefone: 1,
    celular: 1,
    whatsapp: 1,
    phone: 1,
    fone: 1,
    email: 2,
    'e-mail': 2,
    mail: 2,
  };
  const fold = (value: unknown): string =>
    String(value ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
  // Numbers stored as numeric cells come back as JS numbers: 5511988887777 must not become "5.51E+12".
  const text = (value: unknown): string =>
    value === undefined || value === null ? '' : typeof value === 'number' && Number.isInteger(value) ? value.toFixed(0) : String(value).trim().slice(0, 200);
  const read = (): SheetReadResult => {
    let workbook: ReturnType<typeof XLSX.read>;
    try {
      const sheetRows = input.headerOnly ? input.scanRows : input.scanRows + input.maxRows + 1;
      workbook = XLSX.read(input.data, {
        type: 'buffer',
        dense: true,
        sheets: 0,
        sheetRows,
        cellFormula: false,
        cellHTML: false,
        cellText: false,
        cellStyles: false,
      });
    } catch {
      return { ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' };
    }
    const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]!] : undefined;
    if (!sheet) return { ok: false, error: 'ERR_IMPORT_EMPTY_FILE' };
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
    const headerAt = cells.slice(0, input.scanRows).findIndex((row) => row.some((cell) => text(cell) !== ''));
    if (headerAt === -1) return { ok: false, error: 'ERR_IMPORT_EMPTY_FILE' };
    const columns: [number, number, number] = [-1, -1, -1];
    cells[headerAt]!.forEach((cell, index) => {
      const field = COLUMNS[fold(cell)];
      if (field !== undefined && columns[field] === -1) columns[field] = index;
    });
    if (columns[1] === -1) return { ok: false, error: 'ERR_IMPORT_NO_NUMBER_COLUMN' };
    // The whole sheet's extent, also when only its first rows were read (blank but formatted rows count in it).
    const extent = XLSX.utils.decode_range(String(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1:A1'));
    const lastRow = extent.e.r - extent.s.r;
    const rows: [string, string, string][] = [];
    for (const row of cells.slice(headerAt + 1)) {
      const values = columns.map((index) => (index === -1 ? '' : text(row[index]))) as [string, string, string];
      if (values.some((value) => value !== '')) rows.push(values);
    }
    if (!rows.length && (!input.headerOnly || lastRow < input.scanRows)) return { ok: false, error: 'ERR_IMPORT_EMPTY_FILE' };
    if (rows.length > input.maxRows) return { ok: false, error: 'ERR_IMPORT_TOO_MANY_ROWS' };
    return { ok: true, rows: input.headerOnly ? [] : rows };
  };
  // Rows go in slices: one message of 50,000 rows would be one long deserialisation on the API's event loop.
  const result = read();
  if (result.ok)
    for (let at = 0; at < result.rows.length; at += input.sliceRows) parentPort!.postMessage({ rows: result.rows.slice(at, at + input.sliceRows) });
  parentPort!.postMessage(result.ok ? { ok: true, rows: [] } : result);
}

/**
 * Reads a workbook off the event loop (SheetJS parses synchronously: a 50,000-row file would stall every request).
 * `headerOnly` reads the first rows only, to refuse a file without a number column before it is queued.
 */
export function readSpreadsheet(data: Buffer, headerOnly: boolean): Promise<SheetReadResult> {
  if (!looksLikeWorkbook(data)) return Promise.resolve({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
  return new Promise((resolve) => {
    const worker = new Worker(`(${readInWorker.toString()})()`, {
      eval: true,
      workerData: { xlsx: xlsxEntry, data, headerOnly, scanRows: HEADER_SCAN_ROWS, maxRows: MAX_IMPORT_ROWS, sliceRows: SLICE_ROWS },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const rows: SheetRow[] = [];
    const finish = (result: SheetReadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' }), READ_TIMEOUT_MS);
    worker.on('message', (message: SheetReadResult | { rows: SheetRow[]; ok?: undefined }) => {
      if (message.ok === undefined) {
        for (const row of message.rows) rows.push(row);
        return;
      }
      finish(message.ok ? { ok: true, rows } : message);
    });
    // Out of memory or a SheetJS crash: the file cannot be read.
    worker.on('error', () => finish({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' }));
    worker.on('exit', () => finish({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' }));
  });
}
