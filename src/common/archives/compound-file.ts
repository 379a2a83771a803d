import { ArchiveError } from './archive-error.js';

/** What a compound file (CFB, the container of .xls) holds, once checked. */
export interface CompoundFileSummary {
  sectorSize: number;
  sectors: number;
  /** Directory entries in use (storages and streams, the root included). */
  entries: number;
  /** Declared size of the biggest stream. */
  largestStream: number;
}

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_DIFAT = 109;
const ENDOFCHAIN = -2;
const FREESECT = -1;
const DIRECTORY_ENTRY = 128;
const MINI_SECTOR = 64;
const MINI_CUTOFF = 4096;

const corrupt = (message: string) => new ArchiveError('corrupt', message);

/**
 * Checks the structure of a compound file before a parser walks it: header fields, the DIFAT and FAT, and every sector
 * chain the parser will follow (directory, mini FAT, mini stream, each stream) must stay inside the file, end, and
 * never loop; each stream's chain must be long enough for its declared size. O(sectors), no copy of the data.
 *
 * Why: SheetJS follows a stream's chain without loop detection when the stream starts in the middle of another chain,
 * so an 18 KB .xls whose FAT points a sector at itself makes it allocate until the heap limit (measured). With every
 * chain loop-free and in range, what it builds is bounded by the file's own sectors.
 */
export function checkCompoundFile(file: Uint8Array): CompoundFileSummary {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const i32 = (at: number) => view.getInt32(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  if (file.byteLength < 512 || SIGNATURE.some((byte, i) => file[i] !== byte)) throw corrupt('not a compound file');
  const major = u16(26);
  if (u16(28) !== 0xfffe) throw corrupt('byte order mark');
  const shift = u16(30);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) throw corrupt(`version ${major} with sector shift ${shift}`);
  if (u16(32) !== 6) throw corrupt('mini sector shift');
  const sectorSize = 1 << shift;
  if (file.byteLength < sectorSize) throw corrupt('shorter than its header');
  const fatSectors = u32(44);
  const directoryStart = i32(48);
  if (u32(56) !== MINI_CUTOFF) throw corrupt('mini stream cutoff');
  const miniFatStart = i32(60);
  const miniFatSectors = u32(64);
  const difatStart = i32(68);
  const difatSectors = u32(72);
  // Sectors after the header; a short last sector counts (parsers read it).
  const sectors = Math.ceil((file.byteLength - sectorSize) / sectorSize);
  const idsPerSector = sectorSize / 4;
  if (fatSectors > sectors || difatSectors > sectors || miniFatSectors > sectors) throw corrupt('more FAT sectors than the file holds');
  const sectorAt = (id: number) => sectorSize * (id + 1);
  const inFile = (id: number) => id >= 0 && id < sectors;

  // DIFAT: where the FAT sectors are.
  const fatIds: number[] = [];
  for (let i = 0; i < HEADER_DIFAT && fatIds.length < fatSectors; i += 1) fatIds.push(i32(76 + 4 * i));
  const seenDifat = new Set<number>();
  for (let id = difatStart, n = 0; fatIds.length < fatSectors; n += 1) {
    if (!inFile(id) || seenDifat.has(id) || n >= difatSectors) throw corrupt('DIFAT chain');
    seenDifat.add(id);
    const base = sectorAt(id);
    if (base + sectorSize > file.byteLength) throw corrupt('DIFAT sector past the end');
    for (let i = 0; i < idsPerSector - 1 && fatIds.length < fatSectors; i += 1) fatIds.push(i32(base + 4 * i));
    id = i32(base + sectorSize - 4);
  }
  const fat = new Int32Array(fatSectors * idsPerSector).fill(FREESECT);
  fatIds.forEach((id, index) => {
    if (!inFile(id)) throw corrupt('FAT sector outside the file');
    const base = sectorAt(id);
    for (let i = 0; i < idsPerSector && base + 4 * i + 4 <= file.byteLength; i += 1) fat[index * idsPerSector + i] = i32(base + 4 * i);
  });

  /** Length of a chain in `table`, refusing ids out of range, free sectors and loops. */
  const chain = (table: Int32Array, start: number, limit: number, what: string): number[] => {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (let id = start; id !== ENDOFCHAIN; id = table[id]!) {
      if (id < 0 || id >= limit || id >= table.length || seen.has(id)) throw corrupt(`${what}: broken or looping sector chain`);
      seen.add(id);
      ids.push(id);
    }
    return ids;
  };

  const directory = chain(fat, directoryStart, sectors, 'directory');
  if (!directory.length) throw corrupt('no directory');
  // The mini FAT is read from its chain (some writers leave its sector count at zero; parsers follow the chain).
  const miniFatIds = miniFatStart < 0 ? [] : chain(fat, miniFatStart, sectors, 'mini FAT');
  if (miniFatIds.length < miniFatSectors) throw corrupt('mini FAT shorter than declared');
  const miniFat = new Int32Array(miniFatIds.length * idsPerSector).fill(FREESECT);
  miniFatIds.forEach((id, index) => {
    const base = sectorAt(id);
    for (let i = 0; i < idsPerSector && base + 4 * i + 4 <= file.byteLength; i += 1) miniFat[index * idsPerSector + i] = i32(base + 4 * i);
  });

  let entries = 0;
  let largestStream = 0;
  let miniSectors = 0;
  const streams: { name: number; start: number; size: number }[] = [];
  for (const [position, id] of directory.entries()) {
    for (let slot = 0; slot < sectorSize / DIRECTORY_ENTRY; slot += 1) {
      const at = sectorAt(id) + slot * DIRECTORY_ENTRY;
      if (at + DIRECTORY_ENTRY > file.byteLength) break;
      const type = file[at + 66]!;
      if (type === 0) continue;
      if (type !== 1 && type !== 2 && type !== 5) throw corrupt('directory entry type');
      if (u16(at + 64) > 64) throw corrupt('directory entry name');
      const start = i32(at + 116);
      // Version 3 files may leave garbage in the high half of the size.
      const size = major === 3 ? u32(at + 120) : u32(at + 124) ? Number.MAX_SAFE_INTEGER : u32(at + 120);
      if (size > file.byteLength) throw corrupt('stream bigger than the file');
      entries += 1;
      const index = position * (sectorSize / DIRECTORY_ENTRY) + slot;
      if (type === 5) {
        if (index !== 0) throw corrupt('root entry not first');
        if (size) {
          const ids = chain(fat, start, sectors, 'mini stream');
          if (ids.length * sectorSize < size) throw corrupt('mini stream shorter than declared');
        }
        miniSectors = Math.ceil(size / MINI_SECTOR);
      } else if (type === 2) {
        streams.push({ name: index, start, size });
        largestStream = Math.max(largestStream, size);
      }
    }
  }
  if (!entries || file[sectorAt(directory[0]!) + 66] !== 5) throw corrupt('no root entry');
  for (const stream of streams) {
    if (!stream.size) continue;
    const big = stream.size >= MINI_CUTOFF;
    const ids = big ? chain(fat, stream.start, sectors, `stream ${stream.name}`) : chain(miniFat, stream.start, miniSectors, `stream ${stream.name}`);
    if (ids.length * (big ? sectorSize : MINI_SECTOR) < stream.size) throw corrupt(`stream ${stream.name} shorter than declared`);
  }
  return { sectorSize, sectors, entries, largestStream };
}
