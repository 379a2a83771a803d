/** Rows one export may hold: the file is built in memory. */
export const CONTACT_EXPORT_MAX_ROWS = 50_000;

export type ContactExportFormat = 'csv' | 'xlsx';

export interface ContactExportRow {
  name: string;
  number: string;
  email: string | null;
}

const HEADER = ['nome', 'numero', 'email'];

/**
 * Spreadsheet formula injection: a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return, which some
 * programs skip before reading one) would run as a formula when opened; a leading apostrophe makes it text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const cells = (row: ContactExportRow): string[] => [row.name, row.number, row.email ?? ''].map(neutraliseCell);

const csvField = (value: string): string => (/[",\r\n;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** CSV in UTF-8 with a BOM (so spreadsheet programs read the accents), the import's column names first. */
export function contactsCsv(rows: ContactExportRow[]): Buffer {
  const lines = [HEADER, ...rows.map(cells)].map((line) => line.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * One sheet, every cell a text cell (numbers keep their leading digits and are never read as formulas). SheetJS is
 * loaded on the first export, not by every process at boot.
 */
export async function contactsXlsx(rows: ContactExportRow[]): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([HEADER, ...rows.map(cells)], { cellDates: false });
  for (const address of Object.keys(sheet)) {
    const cell = sheet[address] as { t?: string; z?: string } | undefined;
    if (!address.startsWith('!') && cell) cell.t = 's';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
