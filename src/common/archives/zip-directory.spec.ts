import { describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import * as zlib from 'node:zlib';
import { buildZip, deflatedPart, repeatedPart, smallWorkbook, storedPart, xlsxZipBomb, type ZipPart, zipWithEntries } from '../../../test/utils/zip-bomb.js';
import { ArchiveError, isArchiveError } from './archive-error.js';
import { inflateZipEntry, readZipDirectory, type ZipLimits } from './zip-directory.js';

const MiB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 10_000, maxEntryBytes: 160 * MiB, maxTotalBytes: 160 * MiB, maxRatio: 200, ratioFloorBytes: MiB };

/** The kind of ArchiveError a call throws, or 'ok'. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (isArchiveError(error)) return error.kind;
    throw error;
  }
}
const inflateAll = (archive: Buffer, limits = LIMITS) => readZipDirectory(archive, limits).map((entry) => inflateZipEntry(zlib, archive, entry));

/** Growth of the resident set while `run` runs (sampled after it, so it shows what stayed allocated at the end). */
function rssGrowth(run: () => void): number {
  const before = process.memoryUsage().rss;
  run();
  return process.memoryUsage().rss - before;
}

describe('readZipDirectory', () => {
  it('reads a workbook written by SheetJS, and its entries inflate to what SheetJS reads', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['nome', 'numero'],
        ['Ana', 5511988881111],
      ]),
      'Contatos',
    );
    const archive = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const entries = readZipDirectory(archive, LIMITS);
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
    const container = XLSX.CFB.read(archive, { type: 'buffer' });
    for (const entry of entries) {
      const data = Buffer.from(inflateZipEntry(zlib, archive, entry));
      const file = container.FileIndex[container.FullPaths.findIndex((path: string) => path.endsWith(`/${entry.name}`))];
      expect({ name: entry.name, data: data.toString('latin1') }).toEqual({ name: entry.name, data: Buffer.from(file.content).toString('latin1') });
    }
  });

  it('reads hand-built archives: stored and deflated parts, data descriptors, ZIP64 fields and end records', () => {
    const parts: ZipPart[] = [storedPart('a.txt', 'stored text'), deflatedPart('b.xml', '<x>'.repeat(1000)), deflatedPart('ç/ü.xml', 'utf-8 name')];
    for (const archive of [
      buildZip(parts),
      buildZip(parts.map((p) => ({ ...p, dataDescriptor: true }))),
      buildZip(
        parts.map((p) => ({ ...p, zip64: true })),
        { zip64: true },
      ),
      buildZip(
        parts.map((p) => ({ ...p, zip64: true, dataDescriptor: true })),
        { zip64: true },
      ),
    ]) {
      expect(inflateAll(archive).map((data) => Buffer.from(data).toString())).toEqual(['stored text', '<x>'.repeat(1000), 'utf-8 name']);
      expect(readZipDirectory(archive, LIMITS).map((e) => e.name)).toEqual(['a.txt', 'b.xml', 'ç/ü.xml']);
    }
    expect(inflateAll(smallWorkbook([['nome', 'numero']])).length).toBe(5);
  });

  it('builds bombs that are what they say: the repeated deflate stream inflates, with its CRC-32, to the declared size', () => {
    const part = repeatedPart('x.xml', '<a>', '<row/>'.repeat(1000), 300, '</a>');
    const archive = buildZip([part]);
    const [data] = inflateAll(archive);
    expect(data!.length).toBe(7 + 6000 * 300);
    expect(Buffer.from(data!).toString().startsWith('<a><row/>')).toBe(true);
  });

  it('refuses a 1.5 GB zip bomb of 1.5 MB by its declared sizes, without inflating anything', () => {
    const bomb = xlsxZipBomb(1.5e9);
    expect(bomb.length).toBeLessThan(2 * MiB);
    let kind = '';
    const started = performance.now();
    const growth = rssGrowth(() => {
      kind = outcome(() => readZipDirectory(bomb, LIMITS));
    });
    expect(kind).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(growth).toBeLessThan(32 * MiB);
    // Under the total cap the ratio refuses it: 100 MiB out of 100 KiB.
    expect(outcome(() => readZipDirectory(xlsxZipBomb(100 * MiB), LIMITS))).toBe('too-large');
    // Under the ratio too, one entry over its own cap.
    expect(outcome(() => readZipDirectory(buildZip([storedPart('big.bin', Buffer.alloc(3 * MiB))]), { ...LIMITS, maxEntryBytes: 2 * MiB }))).toBe('too-large');
  });

  it('refuses a ZIP64 bomb past 4 GiB the same way', () => {
    const bomb = xlsxZipBomb(5 * 1024 * MiB);
    expect(bomb.length).toBeLessThan(8 * MiB);
    expect(outcome(() => readZipDirectory(bomb, LIMITS))).toBe('too-large');
    expect(outcome(() => readZipDirectory(bomb, { ...LIMITS, maxEntryBytes: 8 * 1024 * MiB, maxTotalBytes: 8 * 1024 * MiB, maxRatio: 2000 }))).toBe('ok');
  });

  it('refuses an entry that inflates past its declared size as soon as it passes it', () => {
    // The directory says 1 MiB (a plausible ratio); the data inflates to 1 GB.
    const liar = xlsxZipBomb(1e9, { declaredSize: MiB });
    const entries = readZipDirectory(liar, LIMITS);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    let error: unknown;
    const started = performance.now();
    const growth = rssGrowth(() => {
      try {
        inflateZipEntry(zlib, liar, sheet);
      } catch (caught) {
        error = caught;
      }
    });
    expect(isArchiveError(error) && error.kind).toBe('corrupt');
    expect((error as Error).message).toMatch(/inflates past its declared/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(growth).toBeLessThan(32 * MiB);
    // Shorter than declared, or another CRC-32: refused too.
    const part = deflatedPart('a.xml', 'x'.repeat(5000));
    expect(outcome(() => inflateAll(buildZip([{ ...part, declaredSize: 6000 }])))).toBe('corrupt');
    expect(outcome(() => inflateAll(buildZip([{ ...part, declaredCrc32: part.crc32 ^ 1 }])))).toBe('corrupt');
  });

  it('refuses local headers that disagree with the directory', () => {
    const part = deflatedPart('a.xml', 'x'.repeat(5000));
    expect(outcome(() => readZipDirectory(buildZip([{ ...part, localSize: 10 }]), LIMITS))).toBe('corrupt');
    // A local header whose name differs.
    const archive = buildZip([part]);
    archive[30] = 'b'.charCodeAt(0);
    expect(outcome(() => readZipDirectory(archive, LIMITS))).toBe('corrupt');
  });

  it('refuses 100,000 entries before reading them, and a count the directory does not hold', () => {
    const many = zipWithEntries(100_000);
    const started = performance.now();
    expect(outcome(() => readZipDirectory(many, LIMITS))).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(100);
    // The same archive is well-formed: with room for its entries it is read whole.
    expect(readZipDirectory(many, { ...LIMITS, maxEntries: 100_000 })).toHaveLength(100_000);
    expect(readZipDirectory(zipWithEntries(3), LIMITS).map((e) => e.name)).toEqual(['f0', 'f1', 'f2']);
    expect(outcome(() => readZipDirectory(buildZip([storedPart('a', 'x')], { declaredEntries: 3 }), LIMITS))).toBe('corrupt');
    expect(outcome(() => readZipDirectory(buildZip([storedPart('a', 'x'), storedPart('b', 'y')], { declaredEntries: 1 }), LIMITS))).toBe('corrupt');
  });

  it('refuses truncated, padded and malformed archives as corrupt', () => {
    const archive = smallWorkbook([['nome', 'numero']]);
    const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cases: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['cut in the end record', archive.subarray(0, archive.length - 5)],
      ['cut in the directory', Buffer.concat([archive.subarray(0, eocd - 30), archive.subarray(eocd)])],
      ['cut in the data', archive.subarray(200)],
      ['trailing bytes', Buffer.concat([archive, Buffer.from('junk')])],
      ['a local header only', archive.subarray(0, 60)],
    ];
    for (const [label, bytes] of cases) expect({ label, kind: outcome(() => readZipDirectory(bytes, LIMITS)) }).toEqual({ label, kind: 'corrupt' });

    const flagged = (patch: (copy: Buffer, central: number) => void) => {
      const copy = Buffer.from(archive);
      patch(copy, copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
      return outcome(() => readZipDirectory(copy, LIMITS));
    };
    expect(flagged((c, at) => c.writeUInt16LE(c.readUInt16LE(at + 8) | 1, at + 8))).toBe('corrupt'); // encrypted
    expect(flagged((c, at) => c.writeUInt16LE(14, at + 10))).toBe('corrupt'); // LZMA
    expect(flagged((c, at) => c.writeUInt32LE(0xffffffff, at + 24))).toBe('corrupt'); // ZIP64 sentinel, no extra field
    expect(flagged((c, at) => c.writeUInt16LE(200, at + 30))).toBe('corrupt'); // extra field past the entry
    // ZIP64 end record that disagrees with the classic one.
    const zip64 = buildZip([storedPart('a', 'x')], { zip64: true });
    zip64.writeUInt16LE(2, zip64.length - 12);
    expect(outcome(() => readZipDirectory(zip64, LIMITS))).toBe('corrupt');
    // Two entries with one name.
    expect(outcome(() => readZipDirectory(buildZip([storedPart('a', 'x'), storedPart('a', 'y')]), LIMITS))).toBe('corrupt');
  });

  it('throws ArchiveError in this process and a look-alike from the serialisable inflater', () => {
    expect(() => readZipDirectory(Buffer.alloc(10), LIMITS)).toThrow(ArchiveError);
    const part = deflatedPart('a.xml', 'abc');
    const archive = buildZip([{ ...part, declaredCrc32: 1 }]);
    expect(() => inflateZipEntry(zlib, archive, readZipDirectory(archive, LIMITS)[0]!)).toThrow(
      expect.objectContaining({ name: 'ArchiveError', kind: 'corrupt' }),
    );
  });
});
