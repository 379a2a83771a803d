import { describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { isArchiveError } from './archive-error.js';
import { checkCompoundFile } from './compound-file.js';

const outcome = (file: Uint8Array): string => {
  try {
    checkCompoundFile(file);
    return 'ok';
  } catch (error) {
    if (isArchiveError(error)) return error.kind;
    throw error;
  }
};

function xls(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** A compound file with two 8 KiB streams A and B (FAT chains), as SheetJS writes it. */
function twoStreams(): { file: Buffer; fat: (id: number) => number; setFat: (id: number, next: number) => void; entry: (name: string) => number } {
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(container, '/A', Buffer.alloc(8192, 65));
  XLSX.CFB.utils.cfb_add(container, '/B', Buffer.alloc(8192, 66));
  const file = Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }));
  const fatAt = 512 + file.readInt32LE(76) * 512;
  const directoryAt = 512 + file.readInt32LE(48) * 512;
  return {
    file,
    fat: (id) => file.readInt32LE(fatAt + 4 * id),
    setFat: (id, next) => file.writeInt32LE(next, fatAt + 4 * id),
    entry: (name) => {
      for (let at = directoryAt; at < directoryAt + 512; at += 128) if (file.toString('utf16le', at, at + file.readUInt16LE(at + 64) - 2) === name) return at;
      throw new Error(`no entry ${name}`);
    },
  };
}

describe('checkCompoundFile', () => {
  it('accepts workbooks written by SheetJS, small (mini stream) and big (FAT chains)', () => {
    expect(
      checkCompoundFile(
        xls([
          ['nome', 'numero'],
          ['Ana', 5511988881111],
        ]),
      ),
    ).toMatchObject({ sectorSize: 512, entries: expect.any(Number) });
    const big = xls([['nome', 'numero'], ...Array.from({ length: 5000 }, (_, i) => [`Cliente ${i}`, 5511900000000 + i])]);
    expect(checkCompoundFile(big).largestStream).toBeGreaterThan(4096);
    expect(outcome(twoStreams().file)).toBe('ok');
  });

  it('refuses a stream that starts inside a looping chain (SheetJS would allocate until its heap limit)', () => {
    const crafted = twoStreams();
    const a = crafted.file.readInt32LE(crafted.entry('A') + 116);
    const second = crafted.fat(a);
    crafted.setFat(second, second);
    crafted.file.writeInt32LE(second, crafted.entry('B') + 116);
    expect(crafted.file.length).toBeLessThan(20_000);
    expect(outcome(crafted.file)).toBe('corrupt');
  });

  it('refuses chains that leave the file, end early or cross free sectors, and broken headers', () => {
    const outside = twoStreams();
    outside.file.writeInt32LE(10_000, outside.entry('B') + 116);
    expect(outcome(outside.file)).toBe('corrupt');

    const short = twoStreams();
    short.file.writeUInt32LE(64 * 1024, short.entry('B') + 120);
    expect(outcome(short.file)).toBe('corrupt');

    const free = twoStreams();
    const b = free.file.readInt32LE(free.entry('B') + 116);
    free.setFat(b, -1);
    expect(outcome(free.file)).toBe('corrupt');

    const good = xls([['nome', 'numero']]);
    const patched = (at: number, value: number, bytes: 2 | 4 = 4) => {
      const copy = Buffer.from(good);
      if (bytes === 2) copy.writeUInt16LE(value, at);
      else copy.writeInt32LE(value, at);
      return outcome(copy);
    };
    expect(patched(30, 10, 2)).toBe('corrupt'); // sector shift
    expect(patched(44, 1_000_000)).toBe('corrupt'); // FAT sectors
    expect(patched(48, 999)).toBe('corrupt'); // directory start
    expect(patched(72, 5)).toBe('ok'); // DIFAT count unused while the header's 109 slots suffice
    expect(outcome(good.subarray(0, 300))).toBe('corrupt');
    expect(outcome(Buffer.from('not a compound file at all, just some text to fill the header'.repeat(10)))).toBe('corrupt');
  });
});
