import type { ZlibOptions } from 'node:zlib';
import { ArchiveError } from './archive-error.js';

/**
 * What a ZIP archive may declare before anything in it is inflated. Declared sizes are checked here; whether they are
 * honest is checked as each entry is inflated (inflateZipEntry).
 */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Declared uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Declared uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Declared uncompressed ÷ compressed bytes of one entry, for entries over ratioFloorBytes uncompressed. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** One file of a ZIP archive, as its central directory declares it (checked against its local header). */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only methods accepted. */
  method: 0 | 8;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's compressed bytes start in the archive. */
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_EOCD_SIZE = 56;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_SIZE = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_SIZE = 30;
const ZIP64_EXTRA = 0x0001;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Encrypted (bit 0), strong encryption (bit 6), masked local headers (bit 13). */
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;
const DATA_DESCRIPTOR_FLAG = 0x0008;
const UTF8_FLAG = 0x0800;

const corrupt = (message: string) => new ArchiveError('corrupt', message);
const tooLarge = (message: string) => new ArchiveError('too-large', message);

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * Reads and checks the central directory of a ZIP archive without inflating anything: O(entries), no allocation past
 * the entry list. Refuses (ArchiveError `too-large`) more entries, bigger declared entries, a bigger declared total or
 * a higher compression ratio than the limits allow, and (`corrupt`) anything malformed or ambiguous: no single end
 * record at the very end, ZIP64 records that disagree with the classic ones, a directory that does not fill its
 * declared extent exactly, encryption, methods other than stored/deflate, duplicate names, local headers that
 * disagree with the directory (name, method, flags, sizes, CRC), entries that overlap or run into the directory.
 *
 * Overlapping entries are refused because they are how a "non-recursive" zip bomb multiplies one compressed run into
 * many declared files; with them gone, every declared byte is backed by its own compressed bytes.
 */
export function readZipDirectory(archive: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const length = archive.byteLength;
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => {
    const value = view.getBigUint64(at, true);
    // Past 2^53 no archive of ours is real; the caps below refuse it as too large.
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  };

  // The end of central directory record: the one whose comment ends exactly at the end of the file.
  let eocd = -1;
  for (let at = length - EOCD_SIZE; at >= Math.max(0, length - EOCD_SIZE - MAX16); at -= 1) {
    if (u32(at) === EOCD_SIGNATURE && at + EOCD_SIZE + u16(at + 20) === length) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) throw corrupt('no end of central directory record at the end of the file');
  let disk = u16(eocd + 4);
  let directoryDisk = u16(eocd + 6);
  let diskEntries = u16(eocd + 8);
  let entryCount = u16(eocd + 10);
  let directorySize = u32(eocd + 12);
  let directoryOffset = u32(eocd + 16);
  // Where the central directory must end: at the ZIP64 record when there is one, else at the classic record.
  let directoryEnd = eocd;

  const locator = eocd - ZIP64_LOCATOR_SIZE;
  const hasLocator = locator >= 0 && u32(locator) === ZIP64_LOCATOR_SIGNATURE;
  if (hasLocator) {
    if (u32(locator + 4) !== 0 || u32(locator + 16) !== 1) throw corrupt('multi-disk ZIP64 archive');
    const record = u64(locator + 8);
    if (record + ZIP64_EOCD_SIZE > locator || u32(record) !== ZIP64_EOCD_SIGNATURE) throw corrupt('ZIP64 end record missing');
    if (u64(record + 4) + 12 !== locator - record) throw corrupt('ZIP64 end record size does not reach the locator');
    const zip64 = {
      disk: u32(record + 16),
      directoryDisk: u32(record + 20),
      diskEntries: u64(record + 24),
      entryCount: u64(record + 32),
      directorySize: u64(record + 40),
      directoryOffset: u64(record + 48),
    };
    // A classic field either holds its "see ZIP64" sentinel or the same value as the ZIP64 record.
    const agree = (classic: number, sentinel: number, wide: number) => classic === sentinel || classic === wide;
    if (
      !agree(disk, MAX16, zip64.disk) ||
      !agree(directoryDisk, MAX16, zip64.directoryDisk) ||
      !agree(diskEntries, MAX16, zip64.diskEntries) ||
      !agree(entryCount, MAX16, zip64.entryCount) ||
      !agree(directorySize, MAX32, zip64.directorySize) ||
      !agree(directoryOffset, MAX32, zip64.directoryOffset)
    )
      throw corrupt('ZIP64 end record disagrees with the end of central directory record');
    ({ disk, directoryDisk, diskEntries, entryCount, directorySize, directoryOffset } = zip64);
    directoryEnd = record;
  } else if (entryCount === MAX16 || directorySize === MAX32 || directoryOffset === MAX32) {
    throw corrupt('ZIP64 sentinel without a ZIP64 end record');
  }
  if (disk !== 0 || directoryDisk !== 0 || diskEntries !== entryCount) throw corrupt('multi-disk archive');
  if (entryCount > limits.maxEntries) throw tooLarge(`${entryCount} entries (at most ${limits.maxEntries})`);
  if (directoryOffset + directorySize !== directoryEnd) throw corrupt('central directory does not end at the end record');
  if (entryCount * CENTRAL_SIZE > directorySize) throw corrupt('central directory too short for its entry count');

  const entries: (ZipEntry & { localOffset: number; flags: number; nameBytes: Uint8Array })[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (at + CENTRAL_SIZE > directoryEnd || u32(at) !== CENTRAL_SIGNATURE) throw corrupt(`central directory entry ${index} missing`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc32 = u32(at + 16);
    let compressedSize = u32(at + 20);
    let uncompressedSize = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let startDisk = u16(at + 34);
    let localOffset = u32(at + 42);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw corrupt(`central directory entry ${index} runs past the directory`);
    const nameBytes = archive.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength);

    // ZIP64 extended information: 8-byte values, in this order, for exactly the fields that hold their sentinel.
    let zip64Seen = false;
    for (let extra = at + CENTRAL_SIZE + nameLength, end = extra + extraLength; extra < end; ) {
      if (extra + 4 > end) throw corrupt(`entry ${index}: truncated extra field`);
      const id = u16(extra);
      const size = u16(extra + 2);
      if (extra + 4 + size > end) throw corrupt(`entry ${index}: extra field runs past its header`);
      if (id === ZIP64_EXTRA) {
        if (zip64Seen) throw corrupt(`entry ${index}: two ZIP64 extra fields`);
        zip64Seen = true;
        let field = extra + 4;
        const take = (bytes: 4 | 8) => {
          if (field + bytes > extra + 4 + size) throw corrupt(`entry ${index}: ZIP64 extra field too short`);
          const value = bytes === 8 ? u64(field) : u32(field);
          field += bytes;
          return value;
        };
        if (uncompressedSize === MAX32) uncompressedSize = take(8);
        if (compressedSize === MAX32) compressedSize = take(8);
        if (localOffset === MAX32) localOffset = take(8);
        if (startDisk === MAX16) startDisk = take(4);
      }
      extra += 4 + size;
    }
    if (uncompressedSize === MAX32 || compressedSize === MAX32 || localOffset === MAX32) {
      if (!zip64Seen) throw corrupt(`entry ${index}: ZIP64 sentinel without a ZIP64 extra field`);
    }
    if (startDisk !== 0) throw corrupt(`entry ${index}: on another disk`);
    if (flags & ENCRYPTION_FLAGS) throw corrupt(`entry ${index}: encrypted`);
    if (method !== 0 && method !== 8) throw corrupt(`entry ${index}: compression method ${method}`);
    if (method === 0 && compressedSize !== uncompressedSize) throw corrupt(`entry ${index}: stored with different sizes`);
    if (!nameLength || nameBytes.includes(0)) throw corrupt(`entry ${index}: bad name`);
    let name: string;
    try {
      name = (flags & UTF8_FLAG ? utf8 : latin1).decode(nameBytes);
    } catch {
      throw corrupt(`entry ${index}: name is not UTF-8`);
    }
    if (names.has(name)) throw corrupt(`entry ${index}: duplicate name`);
    names.add(name);

    if (uncompressedSize > limits.maxEntryBytes) throw tooLarge(`${name}: ${uncompressedSize} bytes uncompressed (at most ${limits.maxEntryBytes})`);
    if (uncompressedSize > limits.ratioFloorBytes && uncompressedSize > limits.maxRatio * compressedSize)
      throw tooLarge(`${name}: compression ratio over ${limits.maxRatio}:1`);
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooLarge(`over ${limits.maxTotalBytes} bytes uncompressed in all`);
    entries.push({ name, method, crc32, compressedSize, uncompressedSize, dataOffset: 0, localOffset, flags, nameBytes });
    at = next;
  }
  if (at !== directoryEnd) throw corrupt('central directory longer than its entries');

  // Local headers: where the data starts, and the same story as the directory's.
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + LOCAL_SIZE > directoryOffset || u32(local) !== LOCAL_SIGNATURE) throw corrupt(`${entry.name}: local header missing`);
    const flags = u16(local + 6);
    const nameLength = u16(local + 26);
    const extraLength = u16(local + 28);
    entry.dataOffset = local + LOCAL_SIZE + nameLength + extraLength;
    if (entry.dataOffset + entry.compressedSize > directoryOffset) throw corrupt(`${entry.name}: data runs into the central directory`);
    if ((flags & (ENCRYPTION_FLAGS | DATA_DESCRIPTOR_FLAG)) !== (entry.flags & (ENCRYPTION_FLAGS | DATA_DESCRIPTOR_FLAG)))
      throw corrupt(`${entry.name}: local header flags disagree with the directory`);
    if (u16(local + 8) !== entry.method) throw corrupt(`${entry.name}: local header method disagrees with the directory`);
    if (
      nameLength !== entry.nameBytes.length ||
      !archive.subarray(local + LOCAL_SIZE, local + LOCAL_SIZE + nameLength).every((byte, i) => byte === entry.nameBytes[i])
    )
      throw corrupt(`${entry.name}: local header name disagrees with the directory`);
    const crc32 = u32(local + 14);
    let compressedSize = u32(local + 18);
    let uncompressedSize = u32(local + 22);
    if (compressedSize === MAX32 || uncompressedSize === MAX32) {
      // A local ZIP64 extra field holds both sizes.
      let found = false;
      for (let extra = local + LOCAL_SIZE + nameLength, end = extra + extraLength; extra + 4 <= end; extra += 4 + u16(extra + 2)) {
        if (u16(extra) !== ZIP64_EXTRA) continue;
        if (u16(extra + 2) < 16 || extra + 20 > end) throw corrupt(`${entry.name}: local ZIP64 extra field too short`);
        uncompressedSize = u64(extra + 4);
        compressedSize = u64(extra + 12);
        found = true;
        break;
      }
      if (!found) throw corrupt(`${entry.name}: local ZIP64 sentinel without a ZIP64 extra field`);
    }
    // With a data descriptor the local fields may be zero (the values follow the data); otherwise they must agree.
    const deferred = (entry.flags & DATA_DESCRIPTOR_FLAG) !== 0;
    const same = (value: number, expected: number) => value === expected || (deferred && value === 0);
    if (!same(crc32, entry.crc32) || !same(compressedSize, entry.compressedSize) || !same(uncompressedSize, entry.uncompressedSize))
      throw corrupt(`${entry.name}: local header sizes disagree with the directory`);
  }
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i += 1) {
    const previous = byOffset[i - 1]!;
    if (byOffset[i]!.localOffset < previous.dataOffset + previous.compressedSize) throw corrupt(`${byOffset[i]!.name}: overlaps ${previous.name}`);
  }
  return entries.map(({ name, method, crc32, compressedSize, uncompressedSize, dataOffset }) => ({
    name,
    method,
    crc32,
    compressedSize,
    uncompressedSize,
    dataOffset,
  }));
}

/** What inflateZipEntry needs of node:zlib (passed in: the function also runs where it was serialised to). */
export interface ZipInflater {
  inflateRawSync(data: Uint8Array, options: ZlibOptions): Uint8Array;
  crc32(data: Uint8Array): number;
}

/**
 * The bytes of one entry, inflated with a budget of exactly its declared size: zlib stops (ERR_BUFFER_TOO_LARGE) as
 * soon as the output passes it, so an entry that lies about its size costs at most that size plus one zlib chunk,
 * never what it really inflates to. Refuses output shorter than declared and a wrong CRC-32 too.
 *
 * Self-contained (no reference to anything outside its body, errors shaped like ArchiveError by name and kind): the
 * spreadsheet reader serialises it into its child process with toString.
 */
export function inflateZipEntry(zlib: ZipInflater, archive: Uint8Array, entry: ZipEntry): Uint8Array {
  const refuse = (message: string) => Object.assign(new Error(`${entry.name}: ${message}`), { name: 'ArchiveError', kind: 'corrupt' });
  const stored = archive.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let data: Uint8Array = stored;
  if (entry.method === 8) {
    try {
      data = zlib.inflateRawSync(stored, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      // zlib throws a RangeError (ERR_BUFFER_TOO_LARGE) when the output passes maxOutputLength, an Error for damaged
      // data. By name: the error may come from another realm.
      throw refuse((error as Error).name === 'RangeError' ? `inflates past its declared ${entry.uncompressedSize} bytes` : 'deflate data is damaged');
    }
  }
  if (data.length !== entry.uncompressedSize) throw refuse(`inflates to ${data.length} bytes, declared ${entry.uncompressedSize}`);
  if (zlib.crc32(data) >>> 0 !== entry.crc32) throw refuse('CRC-32 mismatch');
  return data;
}
