// Hand-built ZIP archives for tests of archive parsers: honest workbooks, zip bombs and malformed directories. Nothing
// here inflates what it builds, so a test can make a 1.5 GB bomb (or a 5 GB ZIP64 one) while holding a few megabytes.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One file of an archive, as it is written: its compressed bytes and what the headers say about them. */
export interface ZipPart {
  name: string;
  /** The bytes stored in the archive (deflated when method is 8). */
  stored: Buffer;
  method: 0 | 8;
  /** The real inflated size and CRC-32 of the part. */
  size: number;
  crc32: number;
  /** What the central directory declares, when it lies (default: the truth). */
  declaredSize?: number;
  declaredCompressedSize?: number;
  declaredCrc32?: number;
  /** What the local header declares, when it disagrees with the central directory (default: the same). */
  localSize?: number;
  /** Sizes in a ZIP64 extra field (0xFFFFFFFF in the 32-bit fields), in both headers. */
  zip64?: boolean;
  /** General purpose flag bit 3: the local header carries zero sizes and a data descriptor follows the data. */
  dataDescriptor?: boolean;
}

export interface ZipOptions {
  /**
   * A ZIP64 end of central directory record and locator (counts 0xFFFF, offsets 0xFFFFFFFF in the classic record).
   * Default: when the count or the offsets do not fit the classic record.
   */
  zip64?: boolean;
  /** The entry count the end of central directory record declares (default: the real count). */
  declaredEntries?: number;
}

const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const EMPTY = Buffer.alloc(0);

/** A deflated part whose bytes are given whole. */
export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, stored: deflateRawSync(data), method: 8, size: data.length, crc32: crc32(data) };
}

/** A part stored without compression. */
export function storedPart(name: string, content: string | Buffer): ZipPart {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, stored: data, method: 0, size: data.length, crc32: crc32(data) };
}

// CRC-32 of a repeated run without reading it: zlib's crc32_combine (GF(2) matrices over the reflected polynomial).
const POLY = 0xedb88320;
const gf2Times = (matrix: Uint32Array, vector: number): number => {
  let sum = 0;
  for (let i = 0; vector; i += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
};
const gf2Square = (matrix: Uint32Array): Uint32Array => Uint32Array.from(matrix, (_, i) => gf2Times(matrix, matrix[i]!));
function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1;
  let odd: Uint32Array = new Uint32Array(32);
  odd[0] = POLY;
  for (let i = 1, row = 1; i < 32; i += 1, row <<= 1) odd[i] = row;
  let even = gf2Square(odd);
  odd = gf2Square(even);
  let crc = crc1;
  let remaining = length2;
  do {
    even = gf2Square(odd);
    if (remaining & 1) crc = gf2Times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (!remaining) break;
    odd = gf2Square(even);
    if (remaining & 1) crc = gf2Times(odd, crc);
    remaining = Math.floor(remaining / 2);
  } while (remaining);
  return (crc ^ crc2) >>> 0;
}

/** CRC-32 of `chunk` repeated `times` times, in O(log times) combinations. */
function repeatedCrc32(chunk: Buffer, times: number): number {
  let result = 0;
  let resultLength = 0;
  let power = crc32(chunk);
  let powerLength = chunk.length;
  for (let n = times; n > 0; n = Math.floor(n / 2)) {
    if (n & 1) {
      result = resultLength ? crc32Combine(result, power, powerLength) : power;
      resultLength += powerLength;
    }
    if (n > 1) {
      power = crc32Combine(power, power, powerLength);
      powerLength *= 2;
    }
  }
  return result;
}

/**
 * A deflated part that inflates to head + filler × times + tail, built from one deflated filler repeated: each piece is
 * compressed on its own and ended by a full flush (byte-aligned, no back-references across pieces), so the pieces
 * concatenate into one valid raw deflate stream. A 1 MiB filler of repeated XML deflates to about 1 KiB.
 */
export function repeatedPart(name: string, head: string, filler: string, times: number, tail: string): ZipPart {
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const [headBytes, fillerBytes, tailBytes] = [head, filler, tail].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];
  const deflatedFiller = deflateRawSync(fillerBytes, flush);
  const stored = Buffer.concat([
    deflateRawSync(headBytes, flush),
    ...Array.from({ length: times }, () => deflatedFiller),
    deflateRawSync(tailBytes, { level: 9 }),
  ]);
  const size = headBytes.length + fillerBytes.length * times + tailBytes.length;
  const fillerCrc = repeatedCrc32(fillerBytes, times);
  let crc = crc32(headBytes);
  crc = crc32Combine(crc, fillerCrc, fillerBytes.length * times);
  crc = crc32Combine(crc, crc32(tailBytes), tailBytes.length);
  return { name, stored, method: 8, size, crc32: crc };
}

/** A header of fixed fields (little endian), then variable parts. */
function header(fields: [bytes: 2 | 4 | 8, value: number][], ...rest: Buffer[]): Buffer {
  const size = fields.reduce((sum, [bytes]) => sum + bytes, 0);
  const out = Buffer.allocUnsafe(size + rest.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) out.writeUInt16LE(value, at);
    else if (bytes === 4) out.writeUInt32LE(value >>> 0, at);
    else out.writeBigUInt64LE(BigInt(value), at);
    at += bytes;
  }
  for (const part of rest) at += part.copy(out, at);
  return out;
}

/** Writes the parts as a ZIP archive: local headers and data, central directory, end records. */
export function buildZip(parts: ZipPart[], options: ZipOptions = {}): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const compressed = part.declaredCompressedSize ?? part.stored.length;
    const crc = part.declaredCrc32 ?? part.crc32;
    const localSize = part.localSize ?? size;
    const deferred = !!part.dataDescriptor;
    const flags = (deferred ? 0x0008 : 0) | 0x0800;
    const zip64 = !!part.zip64;
    const version = zip64 ? 45 : 20;
    const localExtra = zip64
      ? header([
          [2, 1],
          [2, 16],
          [8, deferred ? 0 : localSize],
          [8, deferred ? 0 : compressed],
        ])
      : EMPTY;
    const local = header(
      [
        [4, 0x04034b50],
        [2, version],
        [2, flags],
        [2, part.method],
        [4, 0],
        [4, deferred ? 0 : crc],
        [4, zip64 ? MAX32 : deferred ? 0 : compressed],
        [4, zip64 ? MAX32 : deferred ? 0 : localSize],
        [2, name.length],
        [2, localExtra.length],
      ],
      name,
      localExtra,
    );
    const descriptor = !deferred
      ? EMPTY
      : zip64
        ? header([
            [4, 0x08074b50],
            [4, crc],
            [8, compressed],
            [8, size],
          ])
        : header([
            [4, 0x08074b50],
            [4, crc],
            [4, compressed],
            [4, size],
          ]);
    const centralExtra = zip64
      ? header([
          [2, 1],
          [2, 24],
          [8, size],
          [8, compressed],
          [8, offset],
        ])
      : EMPTY;
    central.push(
      header(
        [
          [4, 0x02014b50],
          [2, version],
          [2, version],
          [2, flags],
          [2, part.method],
          [4, 0],
          [4, crc],
          [4, zip64 ? MAX32 : compressed],
          [4, zip64 ? MAX32 : size],
          [2, name.length],
          [2, centralExtra.length],
          [2, 0],
          [2, 0],
          [2, 0],
          [4, 0],
          [4, zip64 ? MAX32 : offset],
        ],
        name,
        centralExtra,
      ),
    );
    chunks.push(local, part.stored);
    if (deferred) chunks.push(descriptor);
    offset += local.length + part.stored.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const count = options.declaredEntries ?? parts.length;
  const zip64 = options.zip64 ?? (count >= MAX16 || offset >= MAX32);
  const tail: Buffer[] = [];
  if (zip64) {
    const recordOffset = offset + directory.length;
    tail.push(
      header([
        [4, 0x06064b50],
        [8, 44],
        [2, 45],
        [2, 45],
        [4, 0],
        [4, 0],
        [8, count],
        [8, count],
        [8, directory.length],
        [8, offset],
      ]),
      header([
        [4, 0x07064b50],
        [4, 0],
        [8, recordOffset],
        [4, 1],
      ]),
    );
  }
  const small = (value: number, max: number) => (zip64 ? max : value);
  tail.push(
    header([
      [4, 0x06054b50],
      [2, 0],
      [2, 0],
      [2, small(count, MAX16)],
      [2, small(count, MAX16)],
      [4, small(directory.length, MAX32)],
      [4, small(offset, MAX32)],
      [2, 0],
    ]),
  );
  return Buffer.concat([...chunks, directory, ...tail]);
}

/**
 * An archive of `count` empty stored files (f0, f1, ...), written straight into one buffer: 100,000 entries take
 * 8.5 MB and a few milliseconds, where buildZip would make 300,000 small buffers. ZIP64 end records past 65,534.
 */
export function zipWithEntries(count: number): Buffer {
  const names = Array.from({ length: count }, (_, i) => `f${i}`);
  const nameBytes = names.reduce((sum, name) => sum + name.length, 0);
  const zip64 = count >= MAX16;
  const localSize = 30 * count + nameBytes;
  const directorySize = 46 * count + nameBytes;
  const out = Buffer.alloc(localSize + directorySize + (zip64 ? 76 : 0) + 22);
  const emptyCrc = 0;
  let local = 0;
  let central = localSize;
  for (const name of names) {
    out.writeUInt32LE(0x04034b50, local);
    out.writeUInt16LE(20, local + 4);
    out.writeUInt32LE(emptyCrc, local + 14);
    out.writeUInt16LE(name.length, local + 26);
    out.write(name, local + 30, 'latin1');
    out.writeUInt32LE(0x02014b50, central);
    out.writeUInt16LE(20, central + 4);
    out.writeUInt16LE(20, central + 6);
    out.writeUInt16LE(name.length, central + 28);
    out.writeUInt32LE(local, central + 42);
    out.write(name, central + 46, 'latin1');
    local += 30 + name.length;
    central += 46 + name.length;
  }
  let at = central;
  if (zip64) {
    out.writeUInt32LE(0x06064b50, at);
    out.writeBigUInt64LE(44n, at + 4);
    out.writeUInt16LE(45, at + 12);
    out.writeUInt16LE(45, at + 14);
    out.writeBigUInt64LE(BigInt(count), at + 24);
    out.writeBigUInt64LE(BigInt(count), at + 32);
    out.writeBigUInt64LE(BigInt(directorySize), at + 40);
    out.writeBigUInt64LE(BigInt(localSize), at + 48);
    out.writeUInt32LE(0x07064b50, at + 56);
    out.writeBigUInt64LE(BigInt(at), at + 64);
    out.writeUInt32LE(1, at + 72);
    at += 76;
  }
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(zip64 ? MAX16 : count, at + 8);
  out.writeUInt16LE(zip64 ? MAX16 : count, at + 10);
  out.writeUInt32LE(zip64 ? MAX32 : directorySize, at + 12);
  out.writeUInt32LE(zip64 ? MAX32 : localSize, at + 16);
  return out;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around its sheet XML: what Excel needs to open it. */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ];
}

/**
 * The sheet XML of a bomb: a header row the import recognises, then data rows padded with whitespace between them
 * (valid XML). Deflate reaches its best ratio, about 1000:1, on a run of one repeated byte: a MiB of it costs ~1 KiB.
 */
const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN_NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>nome</t></is></c><c r="B1" t="inlineStr"><is><t>numero</t></is></c></row>`;
const SHEET_ROW = '<row><c t="inlineStr"><is><t>Cliente</t></is></c><c><v>5511988887777</v></c></row>';
const SHEET_TAIL = '</sheetData></worksheet>';
const FILLER_BYTES = 1024 * 1024;
const FILLER = SHEET_ROW + ' '.repeat(FILLER_BYTES - SHEET_ROW.length);

export interface BombOptions {
  /** What the headers declare the sheet inflates to (default: the truth, the worst case for a reader that trusts it). */
  declaredSize?: number;
  /** Sizes in ZIP64 fields and ZIP64 end records (needed past 4 GiB, allowed below). */
  zip64?: boolean;
}

/**
 * An .xlsx whose sheet XML inflates to at least `targetInflatedBytes` (valid XML, a real header row, correct CRC-32),
 * at about 1/1000 of that compressed: 1.5 GB of sheet XML is a 1.5 MB file. By default every size it declares is
 * honest, so only a size budget refuses it. Past 4 GiB the sizes go in ZIP64 fields.
 */
export function xlsxZipBomb(targetInflatedBytes: number, options: BombOptions = {}): Buffer {
  const times = Math.max(1, Math.ceil((targetInflatedBytes - SHEET_HEAD.length - SHEET_TAIL.length) / FILLER.length));
  const sheet = repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, FILLER, times, SHEET_TAIL);
  const zip64 = options.zip64 ?? sheet.size > MAX32 - 1;
  return buildZip(workbookParts({ ...sheet, declaredSize: options.declaredSize, zip64 }), { zip64 });
}

/** A small honest one-sheet workbook with the given rows (text cells), built by hand. */
export function smallWorkbook(rows: string[][]): Buffer {
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = rows.map((cells) => `<row>${cells.map((cell) => `<c t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join('')}</row>`).join('');
  return buildZip(workbookParts(deflatedPart('xl/worksheets/sheet1.xml', `${XML}<worksheet xmlns="${MAIN_NS}"><sheetData>${body}</sheetData></worksheet>`)));
}
