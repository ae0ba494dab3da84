/**
 * Files customers send through provider channels: the types the inbox keeps as attachments (the product's
 * own list: pictures, PDF, text and CSV, Office documents); others (voice notes, videos, contact cards) are
 * named in the message text instead of refusing the message.
 */
const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** The MIME type without its parameters (`image/jpeg; charset=...`), lower case. */
const bare = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

export const keptMedia = (mime: string) => bare(mime) in EXTENSION;
export const extensionOf = (mime: string) => EXTENSION[bare(mime)] ?? 'bin';
