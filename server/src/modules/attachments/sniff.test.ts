import { describe, expect, it } from 'vitest';
import { CSV, DOC, DOCX, EXE, HTML, PDF, PLAIN_ZIP, PNG, XLSX, zip } from '../../../test/files.ts';
import { cleanFilename, contentDisposition } from './service.ts';
import { sniffFileType } from './sniff.ts';

const bmp = () => {
  const b = Buffer.alloc(70);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(70, 2);
  b.writeUInt32LE(40, 14);
  return b;
};

describe('file types judged from the bytes', () => {
  it.each([
    ['png', PNG, 'x.png', 'image/png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'x.jpg', 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'x.gif', 'image/gif'],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), 'x.webp', 'image/webp'],
    ['bmp', bmp(), 'x.bmp', 'image/bmp'],
    ['heic', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'), 'x.heic', 'image/heic'],
    ['pdf', PDF, 'x.pdf', 'application/pdf'],
    ['doc', DOC, 'x.doc', 'application/msword'],
    ['docx', DOCX, 'x.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', XLSX, 'x.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['csv', CSV, 'x.csv', 'text/csv'],
    ['txt with a BOM', Buffer.from('\uFEFFhello', 'utf8'), 'x.TXT', 'text/plain'],
    ['a photo with the wrong extension', PNG, 'photo.jpg', 'image/png'],
  ])('accepts %s', (_label, bytes, name, mime) => {
    expect(sniffFileType(bytes, name)?.mime).toBe(mime);
  });

  it.each([
    ['HTML named .png', HTML, 'x.png'],
    ['HTML named .txt', HTML, 'x.txt'],
    ['SVG named .txt', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.txt'],
    ['an executable named .pdf', EXE, 'x.pdf'],
    ['a plain ZIP named .xlsx', PLAIN_ZIP, 'x.xlsx'],
    [
      'a PowerPoint-like OOXML',
      zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }),
      'x.pptx',
    ],
    ['an OLE2 file without Word or Excel streams', DOC.subarray(0, 512), 'x.doc'],
    ['text with NUL bytes', Buffer.from('a\u0000b'), 'x.txt'],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'x.csv'],
    ['text named .exe', CSV, 'x.exe'],
    ['text without a name', CSV, 'file'],
    ['"BM" text', Buffer.from('BM is a text that starts like a bitmap header'), 'x.bmp'],
    ['a truncated ZIP', DOCX.subarray(0, DOCX.length - 30), 'x.docx'],
  ])('refuses %s', (_label, bytes, name) => {
    expect(sniffFileType(bytes, name)).toBeNull();
  });
});

describe('file names', () => {
  it('keeps only the last segment, without control characters', () => {
    expect(cleanFilename('C:\\fakepath\\report.pdf')).toBe('report.pdf');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFilename('')).toBe('file');
    expect(cleanFilename(undefined)).toBe('file');
    expect(cleanFilename(`${'x'.repeat(300)}.pdf`)).toHaveLength(255);
  });

  it('encodes Content-Disposition per RFC 6266 / 5987', () => {
    expect(contentDisposition('attachment', 'naïve "plan";.txt')).toBe(
      `attachment; filename="na_ve _plan_;.txt"; filename*=UTF-8''na%C3%AFve%20%22plan%22%3B.txt`,
    );
  });
});
