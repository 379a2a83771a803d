import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { isArchiveError } from '../../../common/archives/archive-error.js';
import { checkCompoundFile } from '../../../common/archives/compound-file.js';
import { inflateZipEntry, readZipDirectory, type ZipEntry, type ZipLimits } from '../../../common/archives/zip-directory.js';
import { appError } from '../../../common/errors/app-error.js';
import type { ErrorCode } from '../../../shared/error-codes.js';
import { ReadSlots } from './read-slots.js';

/** The most data rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;
/** The header is looked for in this many rows from the top. */
const HEADER_SCAN_ROWS = 50;
/** Columns looked at for the header: Excel's own limit (16,384, column XFD). */
const MAX_COLUMNS = 16_384;
/** Rows per message from the reader. */
const SLICE_ROWS = 2000;
const MiB = 1024 * 1024;

/**
 * What an .xlsx (a ZIP package) may declare, checked on its central directory before anything is inflated.
 *
 * Measured with SheetJS-written workbooks of 100,000 rows: 3 columns (nome, numero, email) inflate to 16 MB, 12
 * columns to 47 MB, 30 columns to 131 MB, which zlib (Excel's compressor) packs into 19.8 MB: about the most a real
 * file under the 20 MB upload limit holds. SheetJS needs about 3.5 times the inflated bytes in heap to read them
 * (461 MB for the 30-column file), so 160 MiB is both above every real import and about what the reader's heap
 * (READ_BUDGET below) can parse. Real sheets compress 3:1 to 30:1 (empty formatted rows reach 28:1); a zip bomb
 * reaches 1000:1. An .xlsx has a dozen entries, a few hundred with many sheets and images.
 */
export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 160 * MiB,
  maxTotalBytes: 160 * MiB,
  maxRatio: 200,
  ratioFloorBytes: MiB,
};

/**
 * Shared strings SheetJS would build (each costs ~200 bytes of heap: 32 MB of tiny strings took 557 MB). A
 * 100,000-row × 30-column export has about a million.
 */
export const MAX_SHARED_STRINGS = 2_000_000;

export interface ReadBudget {
  /** V8 heap of the reader process. */
  heapMb: number;
  /** Wall time of the reader process, from its start. */
  timeoutMs: number;
  /** Inflated bytes and shared strings: past them the header check leaves the file to the import job, which refuses. */
  inflatedBytes: number;
  sharedStrings: number;
}

/**
 * The header check inside the upload request (files up to 2 MB): small and short. A 2 MB file of real data inflates
 * to 5 to 15 MB (up to ~55 MB for very repetitive sheets); past this budget, or when the reader runs out of heap or
 * time, the check is skipped and the import job (which has the full budget) decides.
 */
export const HEADER_BUDGET: ReadBudget = { heapMb: 256, timeoutMs: 20_000, inflatedBytes: 32 * MiB, sharedStrings: 250_000 };
/** The import job. The 30-column file above took 76 to 82 s to read on a loaded two-core machine. */
export const READ_BUDGET: ReadBudget = {
  heapMb: 1024,
  timeoutMs: 5 * 60_000,
  inflatedBytes: IMPORT_ZIP_LIMITS.maxTotalBytes,
  sharedStrings: MAX_SHARED_STRINGS,
};

/**
 * Reader processes at once in this process. Two header checks (a third to sixth upload waits up to 10 s, the next
 * ones get 503) and one import read (the second import job waits): at most about 2 × (256 MB heap + 32 MB inflated)
 * + (1 GB heap + 160 MB inflated), plus ~50 MB per reader process, whatever arrives and however many arrive together.
 */
export const headerSlots = new ReadSlots(2, 4, 10_000);
export const readSlots = new ReadSlots(1);

/** One data row: the cells under nome, numero and email, as text ('' when the column is absent). */
/** A data row's cells and its line in the sheet (1-based, as the spreadsheet shows it), for messages about it. */
export type SheetRow = [name: string, number: string, email: string, line: number];

/** `deferred`: the header check was over its budget and did not look; the import job will. */
export type SheetReadResult = { ok: true; rows: SheetRow[]; deferred?: boolean } | { ok: false; error: ImportErrorCode };

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

/** Entries that make SheetJS read a ZIP as something else (OpenDocument, Apple Numbers with its own decompressor). */
const NOT_EXCEL = ['META-INF/manifest.xml', 'objectdata.xml', 'Index/Document.iwa', 'Index.zip'];

const xlsxEntry = createRequire(import.meta.url).resolve('@e965/xlsx');

interface ReaderInput {
  xlsx: string;
  data: Uint8Array;
  /** The checked ZIP entries (inflated here, each within its declared size), or null for a compound file (.xls). */
  entries: ZipEntry[] | null;
  headerOnly: boolean;
  scanRows: number;
  maxRows: number;
  maxColumns: number;
  maxSharedStrings: number;
  sliceRows: number;
}

type ReaderMessage = { rows: SheetRow[]; ok?: undefined } | SheetReadResult;

/**
 * Runs in the reader process (serialised with toString: it may use nothing from this module's scope but its
 * argument, the self-contained inflateZipEntry). Inflates the checked entries itself, each with a budget of its
 * declared size, counts the shared strings before SheetJS builds them, hands SheetJS the inflated package
 * (XLSX.parse_zip: SheetJS never inflates anything itself), reads the first sheet, finds the header row (nome/numero/
 * email in any case or accent, English names too) and answers the data rows as text, or an error code. Only the three
 * columns are read from each row, so a row's width costs nothing here.
 */
function readInChild(inflate: typeof inflateZipEntry): void {
  process.on('disconnect', () => process.exit(0));
  process.once('message', (message: unknown) => {
    const input = message as ReaderInput;
    const zlib = require('node:zlib') as typeof import('node:zlib');
    const XLSX = require(input.xlsx) as typeof import('@e965/xlsx') & { parse_zip(zip: unknown, options: object): import('@e965/xlsx').WorkBook };
    const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    const CORRUPT = { ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' } as const;
    const TOO_LARGE = { ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' } as const;
    const EMPTY = { ok: false, error: 'ERR_IMPORT_EMPTY_FILE' } as const;
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
    // Numbers stored as numeric cells come back as JS numbers: 5511988887777 must not become "5.51E+12". A cell's
    // text is cut before it is trimmed, so a cell of many megabytes costs nothing more here.
    const text = (value: unknown): string =>
      value === undefined || value === null
        ? ''
        : typeof value === 'number' && Number.isInteger(value)
          ? value.toFixed(0)
          : String(value).slice(0, 1000).trim().slice(0, 200);
    /** Occurrences of a byte string (SheetJS makes one shared string per closing si/sstItem tag). */
    const count = (bytes: Uint8Array, needle: string): number => {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let found = 0;
      for (let at = buffer.indexOf(needle); at !== -1; at = buffer.indexOf(needle, at + needle.length)) found += 1;
      return found;
    };
    const read = (): SheetReadResult => {
      const sheetRows = input.headerOnly ? input.scanRows : input.scanRows + input.maxRows + 1;
      const options: import('@e965/xlsx').ParsingOptions = {
        type: 'buffer',
        dense: true,
        sheets: 0,
        sheetRows,
        cellFormula: false,
        cellHTML: false,
        cellText: false,
        cellStyles: false,
        cellNF: false,
        cellDates: false,
        bookVBA: false,
      };
      let workbook: import('@e965/xlsx').WorkBook;
      try {
        if (input.entries) {
          const container = XLSX.CFB.utils.cfb_new();
          let sharedStrings = 0;
          for (const entry of input.entries) {
            const content = inflate(zlib, data, entry);
            sharedStrings += count(content, '</si>') + count(content, ':si>') + count(content, 'sstItem>');
            if (sharedStrings > input.maxSharedStrings) return input.headerOnly ? { ok: true, rows: [], deferred: true } : TOO_LARGE;
            XLSX.CFB.utils.cfb_add(container, entry.name, content, { unsafe: true });
          }
          workbook = XLSX.parse_zip(container, options);
        } else {
          workbook = XLSX.read(data, options);
        }
      } catch (error) {
        const refused = error as { name?: string; kind?: string } | null;
        return refused?.name === 'ArchiveError' && refused.kind === 'too-large' ? TOO_LARGE : CORRUPT;
      }
      const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]!] : undefined;
      if (!sheet) return EMPTY;
      const grid = (sheet['!data'] ?? []) as ({ t?: string; v?: unknown } | undefined)[][];
      const range = XLSX.utils.decode_range(String(sheet['!ref'] ?? 'A1:A1'));
      const lastRow = Math.min(range.e.r, sheetRows - 1);
      const lastColumn = Math.min(range.e.c, range.s.c + input.maxColumns - 1);
      const value = (r: number, c: number): unknown => {
        const cell = grid[r]?.[c];
        return cell && cell.t !== 'z' && cell.t !== 'e' ? cell.v : undefined;
      };
      // The header: among the first scanRows rows that hold a value, the first that holds some text.
      let headerAt = -1;
      for (let r = range.s.r, seen = 0; r <= lastRow && seen < input.scanRows && headerAt === -1; r += 1) {
        if (!grid[r]) continue;
        let blank = true;
        for (let c = range.s.c; c <= lastColumn; c += 1) {
          const cell = value(r, c);
          if (cell === undefined || cell === null) continue;
          blank = false;
          if (text(cell) !== '') {
            headerAt = r;
            break;
          }
        }
        if (!blank) seen += 1;
      }
      if (headerAt === -1) return EMPTY;
      const columns: [number, number, number] = [-1, -1, -1];
      for (let c = range.s.c; c <= lastColumn; c += 1) {
        const field = COLUMNS[fold(value(headerAt, c))];
        if (field !== undefined && columns[field] === -1) columns[field] = c;
      }
      if (columns[1] === -1) return { ok: false, error: 'ERR_IMPORT_NO_NUMBER_COLUMN' };
      // The whole sheet's extent, also when only its first rows were read (blank but formatted rows count in it).
      const extent = XLSX.utils.decode_range(String(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1:A1'));
      const sheetLastRow = extent.e.r - extent.s.r;
      const rows: SheetRow[] = [];
      for (let r = headerAt + 1; r <= lastRow; r += 1) {
        if (!grid[r]) continue;
        const cells = columns.map((c) => (c === -1 ? '' : text(value(r, c))));
        if (cells.some((cell) => cell !== '')) rows.push([cells[0]!, cells[1]!, cells[2]!, r + 1]);
      }
      if (!rows.length && (!input.headerOnly || sheetLastRow < input.scanRows)) return EMPTY;
      if (rows.length > input.maxRows) return { ok: false, error: 'ERR_IMPORT_TOO_MANY_ROWS' };
      return { ok: true, rows: input.headerOnly ? [] : rows };
    };
    const send = (out: ReaderMessage) =>
      new Promise<void>((resolve, reject) => process.send!(out, (error: Error | null) => (error ? reject(error) : resolve())));
    const result = read();
    // Rows go in slices: one message of 100,000 rows would be one long deserialisation on the API's event loop.
    void (async () => {
      if (result.ok) for (let at = 0; at < result.rows.length; at += input.sliceRows) await send({ rows: result.rows.slice(at, at + input.sliceRows) });
      await send(result.ok ? { ...result, rows: [] } : result);
      process.exit(0);
    })().catch(() => process.exit(1));
  });
}

/**
 * The container check alone, with no reader process: O(ZIP entries or CFB sectors), a few milliseconds for any file
 * under the upload limit. An .xlsx's ZIP central directory against IMPORT_ZIP_LIMITS and its local headers, or an
 * .xls's sector chains. Answers the checked ZIP entries (null for an .xls) or the refusal.
 */
export function checkWorkbookContainer(data: Buffer): { ok: true; entries: ZipEntry[] | null } | { ok: false; error: ImportErrorCode } {
  if (!looksLikeWorkbook(data)) return { ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' };
  try {
    if (!data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
      checkCompoundFile(data);
      return { ok: true, entries: null };
    }
    const entries = readZipDirectory(data, IMPORT_ZIP_LIMITS);
    const names = new Set(entries.map((entry) => entry.name));
    if (!names.has('[Content_Types].xml') || NOT_EXCEL.some((name) => names.has(name))) return { ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' };
    return { ok: true, entries };
  } catch (error) {
    if (!isArchiveError(error)) throw error;
    return { ok: false, error: error.kind === 'too-large' ? 'ERR_IMPORT_FILE_TOO_LARGE' : 'ERR_IMPORT_CORRUPT_FILE' };
  }
}

const READER_SOURCE = `(${readInChild.toString()})(${inflateZipEntry.toString()})`;

/**
 * Runs SheetJS in a child process, not a worker thread: a worker that reaches its heap limit may abort the whole
 * process (nodejs/node#47224; 3 runs in 4 here, on Node 24, and SheetJS can be driven there: an 18 KB .xls with a
 * looping sector chain did it before checkCompoundFile). A child gets its own heap limit, no environment (none of
 * the server's secrets), and SIGKILL at its deadline: whatever a file does to SheetJS, the API process is not in the
 * blast radius. Neither heap limit counts ArrayBuffers: the inflated bytes are bounded by the ZIP caps instead.
 */
function runReader(input: ReaderInput, budget: ReadBudget): Promise<SheetReadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${budget.heapMb}`, '--input-type=commonjs', '-e', READER_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: {},
    });
    let outcome: SheetReadResult | Error | null = null;
    let stderr = '';
    const rows: SheetRow[] = [];
    // The first outcome wins; the promise settles once the process is gone (its handles closed), killed if need be.
    const finish = (result: SheetReadResult | Error) => {
      if (outcome) return;
      outcome = result;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    // Out of time or out of heap: the header check leaves the file to the job; the job refuses it.
    const exhausted = (): SheetReadResult => (input.headerOnly ? { ok: true, rows: [], deferred: true } : { ok: false, error: 'ERR_IMPORT_FILE_TOO_LARGE' });
    const timer = setTimeout(() => finish(exhausted()), budget.timeoutMs);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on('message', (message: ReaderMessage) => {
      if (message.ok === undefined) {
        for (const row of message.rows) rows.push(row);
        return;
      }
      finish(message.ok ? { ...message, rows } : message);
    });
    child.on('error', (error) => {
      finish(appError('ERR_SERVICE_UNAVAILABLE', 'The spreadsheet reader could not be started'));
      // Never spawned: no 'close' follows.
      if ((error as NodeJS.ErrnoException).syscall?.startsWith('spawn')) settle();
    });
    // 'close', not 'exit': it comes after the IPC channel delivered everything. V8 aborts on a full heap; SIGKILL
    // before an outcome is the kernel's OOM killer.
    child.on('close', (_code, signal) => {
      finish(
        signal === 'SIGABRT' || signal === 'SIGKILL' || stderr.includes('heap out of memory') ? exhausted() : { ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' },
      );
      settle();
    });
    const settle = () => {
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome!);
    };
    child.send(input, (error) => {
      if (error) finish({ ok: false, error: 'ERR_IMPORT_CORRUPT_FILE' });
    });
  });
}

/**
 * Reads a workbook's first sheet in a separate process, within a budget of memory and time. `headerOnly` reads the
 * first rows only, to refuse a file without a number column before it is queued.
 *
 * Before any process starts, the container is checked here: an .xlsx's ZIP central directory (entry count, declared
 * sizes, ratio, consistency: IMPORT_ZIP_LIMITS), an .xls's sector chains. A zip bomb is refused by its declared sizes
 * at the cost of reading its directory (ERR_IMPORT_FILE_TOO_LARGE); an archive that lies about its sizes is refused by
 * the reader as soon as an entry inflates past what it declared (ERR_IMPORT_CORRUPT_FILE). The reader inflates with
 * zlib's maxOutputLength rather than trusting SheetJS (whose inflater allocates whatever size the local header
 * declares, and grows without bound when it declares none), so the memory it can use is the declared total, capped.
 *
 * Throws ERR_SERVICE_UNAVAILABLE (503) when too many header checks are waiting already.
 */
export async function readSpreadsheet(data: Buffer, headerOnly: boolean, budget = headerOnly ? HEADER_BUDGET : READ_BUDGET): Promise<SheetReadResult> {
  const container = checkWorkbookContainer(data);
  if (!container.ok) return container;
  const { entries } = container;
  if (headerOnly && (entries?.reduce((sum, entry) => sum + entry.uncompressedSize, 0) ?? 0) > budget.inflatedBytes)
    return { ok: true, rows: [], deferred: true };
  const release = await (headerOnly ? headerSlots : readSlots).acquire();
  if (!release) throw appError('ERR_SERVICE_UNAVAILABLE', 'Too many spreadsheets are being checked; try again in a few seconds');
  try {
    return await runReader(
      {
        xlsx: xlsxEntry,
        data,
        entries,
        headerOnly,
        scanRows: HEADER_SCAN_ROWS,
        maxRows: MAX_IMPORT_ROWS,
        maxColumns: MAX_COLUMNS,
        maxSharedStrings: budget.sharedStrings,
        sliceRows: SLICE_ROWS,
      },
      budget,
    );
  } finally {
    release();
  }
}
