const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65535. */
const EOCD_SEARCH = 22 + 0xffff;

/**
 * Names of the entries of a ZIP archive, read from its central directory (never decompressed),
 * or null when the bytes are not a well-formed archive.
 */
export function zipEntryNames(data: Buffer, max = 10_000): string[] | null {
  const from = Math.max(0, data.length - EOCD_SEARCH);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < Math.min(count, max); n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return null;
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const start = offset + 46;
    if (start + nameLength > data.length) return null;
    names.push(data.toString('utf8', start, start + nameLength));
    offset = start + nameLength + extraLength + commentLength;
  }
  return names;
}
