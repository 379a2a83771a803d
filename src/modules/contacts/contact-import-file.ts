import { appError } from '../../common/errors/app-error.js';
import { checkWorkbookContainer, readSpreadsheet, type SheetRow } from '../contact-lists/import/spreadsheet-reader.js';

/** What an import did: contacts created, numbers already known, rows merged into an earlier one, rows without a number. */
export interface ContactImportResult {
  created: number;
  existing: number;
  duplicates: number;
  invalid: number;
}

/** Rows one import of the contacts screen takes: it runs inside the request, unlike a contact list's import job. */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;

const NAME = ['nome', 'name'];
const NUMBER = ['numero', 'número', 'number', 'telefone', 'phone', 'whatsapp'];
const EMAIL = ['email', 'e-mail'];

/** One CSV line's fields (quotes, doubled quotes, `,` or `;` as the separator); null when a quote never closes. */
function csvFields(line: string, separator: string): string[] | null {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(current);
      current = '';
    } else current += char;
  }
  if (quoted) return null;
  fields.push(current);
  return fields;
}

/** Strips the apostrophe our export puts before formula-looking cells, so an export imports back as it was. */
const unneutralise = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The rows of a CSV with a header naming the columns (nome/numero/email, Portuguese or English). */
export function readCsvRows(text: string): SheetRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (!lines.length) throw appError('ERR_IMPORT_EMPTY_FILE');
  if (lines.length - 1 > CONTACT_IMPORT_MAX_ROWS) throw appError('ERR_IMPORT_TOO_MANY_ROWS');
  const separator = (lines[0]!.match(/;/g)?.length ?? 0) > (lines[0]!.match(/,/g)?.length ?? 0) ? ';' : ',';
  const header = (csvFields(lines[0]!, separator) ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const [name, number, email] = [column(NAME), column(NUMBER), column(EMAIL)];
  if (number < 0) throw appError('ERR_IMPORT_NO_NUMBER_COLUMN');
  return lines.slice(1).map((line, index) => {
    const fields = csvFields(line, separator);
    if (!fields) throw appError('ERR_IMPORT_CORRUPT_FILE');
    const cell = (at: number) => (at >= 0 ? unneutralise(fields[at] ?? '') : '');
    // The file's own line number (the header is line 1; blank lines are not counted).
    return [cell(name), cell(number), cell(email), index + 2];
  });
}

/** A .csv read here; a .xls/.xlsx through the contact lists' engine (container checks, a child process, budgets). */
export async function readContactFile(fileName: string, data: Buffer): Promise<SheetRow[]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return readCsvRows(data.toString('utf8'));
  if (!lower.endsWith('.xlsx') && !lower.endsWith('.xls')) throw appError('ERR_IMPORT_FILE_TYPE', 'Only .csv, .xls and .xlsx files are imported');
  const container = checkWorkbookContainer(data);
  if (!container.ok) throw appError(container.error);
  const read = await readSpreadsheet(data, false);
  if (!read.ok) throw appError(read.error);
  if (read.rows.length > CONTACT_IMPORT_MAX_ROWS) throw appError('ERR_IMPORT_TOO_MANY_ROWS');
  return read.rows.map(([name, number, email, line]) => [unneutralise(name), unneutralise(number), unneutralise(email), line]);
}
