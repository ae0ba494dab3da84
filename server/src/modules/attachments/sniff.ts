import { zipEntryNames } from './zip-entries.ts';

export interface SniffedType {
  mime: string;
  /** Which of the allowed file kinds the bytes are. */
  kind: 'image' | 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx' | 'txt' | 'csv';
}

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, text: string, at = 0) =>
  data.length >= at + text.length && data.toString('latin1', at, at + text.length) === text;

const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function sniffImage(data: Buffer): string | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'image/gif';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'image/webp';
  // "BM" alone is common in text; the declared file size and header size must agree too.
  if (ascii(data, 'BM') && data.length >= 18) {
    if (data.readUInt32LE(2) === data.length && BMP_HEADER_SIZES.has(data.readUInt32LE(14)))
      return 'image/bmp';
  }
  if (ascii(data, 'ftyp', 4) && data.length >= 12) {
    const brand = data.toString('latin1', 8, 12);
    if (HEIF_BRANDS.has(brand)) return brand.startsWith('avi') ? 'image/avif' : 'image/heic';
  }
  return null;
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** OLE2 compound files are also installers and old PowerPoints: only Word and Excel streams pass. */
function sniffOle(data: Buffer): SniffedType | null {
  if (!startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return null;
  if (data.includes(utf16('WordDocument'))) return { mime: 'application/msword', kind: 'doc' };
  if (data.includes(utf16('Workbook')) || data.includes(utf16('Book\0'))) {
    return { mime: 'application/vnd.ms-excel', kind: 'xls' };
  }
  return null;
}

/** Office Open XML is a ZIP with a content-types part and the main part of its kind. */
function sniffOoxml(data: Buffer): SniffedType | null {
  if (!startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return null;
  const names = zipEntryNames(data);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind: 'docx',
    };
  }
  if (names.includes('xl/workbook.xml')) {
    return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'xlsx' };
  }
  return null;
}

/** Markup that a browser would render as a page: refused even under a .txt name. */
const MARKUP = /^\s*<(!doctype|html|head|body|script|svg|iframe|\?xml|!--)/i;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Text has no signature, so the name decides between txt and csv; anything else is not text we accept. */
function sniffText(data: Buffer, filename: string): SniffedType | null {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext !== 'txt' && ext !== 'csv') return null;
  if (data.length === 0 || data.includes(0)) return null;
  let text: string;
  try {
    text = decoder.decode(data);
  } catch {
    return null;
  }
  if (MARKUP.test(text.replace(/^\uFEFF/, ''))) return null;
  return ext === 'csv' ? { mime: 'text/csv', kind: 'csv' } : { mime: 'text/plain', kind: 'txt' };
}

/**
 * The type of an upload judged from its bytes: images, pdf, doc, xls, docx, xlsx, and UTF-8 text named
 * .txt or .csv. Null means refused (415), whatever the name or the declared type claims.
 */
export function sniffFileType(data: Buffer, filename: string): SniffedType | null {
  const image = sniffImage(data);
  if (image) return { mime: image, kind: 'image' };
  if (ascii(data, '%PDF-')) return { mime: 'application/pdf', kind: 'pdf' };
  return sniffOle(data) ?? sniffOoxml(data) ?? sniffText(data, filename);
}
