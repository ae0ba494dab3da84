import type { Attachment } from '@inbox/contract';
import { MAX_ATTACHMENT_BYTES } from '@inbox/contract';
import type { DbOrTx } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { storableText } from '../../http/unstorable-text.ts';
import { randomToken } from '../../lib/tokens.ts';
import { sniffFileType } from './sniff.ts';
import type { AttachmentStorage } from './storage.ts';

export const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `Files may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);

export const unsupportedType = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'This file type is not allowed. Allowed: images, pdf, doc, docx, xls, xlsx, txt, csv',
  );

/** The last path segment, without control characters, at most 255 characters: a display name only. */
export function cleanFilename(name: string | undefined) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // Made storable after the cut: a cut through a surrogate pair would leave half of it, which JSONB cannot store.
  return storableText((clean || 'file').slice(-255));
}

export interface StoredAttachmentRow {
  id: number;
  originalFilename: string;
  fileSize: number;
  mimeType: string;
}

export const toAttachment = (row: StoredAttachmentRow): Attachment => ({
  attachment_id: row.id,
  original_filename: row.originalFilename,
  file_size: row.fileSize,
  mime_type: row.mimeType,
});

/**
 * Judges the bytes, writes them to storage under a generated key, then records the row; a failed insert
 * removes the file again. Not yet linked to a message.
 */
interface StoreOptions {
  db: DbOrTx;
  storage: AttachmentStorage;
  companyId: number;
  /** Null for a file uploaded to no conversation (a canned reply's, until a render copies it into one). */
  conversationId: number | null;
  filename: string | undefined;
  data: Buffer;
}

export async function storeAttachment(opts: StoreOptions) {
  const { db, storage, data } = opts;
  if (data.length > MAX_ATTACHMENT_BYTES) throw tooLarge();
  const originalFilename = cleanFilename(opts.filename);
  const type = sniffFileType(data, originalFilename);
  if (!type) throw unsupportedType();
  const storageKey = `${opts.companyId}/${randomToken(18)}`;
  await storage.put(storageKey, data);
  try {
    const [row] = await db
      .insert(attachments)
      .values({
        companyId: opts.companyId,
        conversationId: opts.conversationId,
        storageKey,
        originalFilename,
        mimeType: type.mime,
        fileSize: data.length,
      })
      .returning();
    return row!;
  } catch (err) {
    await storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

/**
 * An upload not sent yet (an agent's or a customer's): stored and claimed by its uploader in one
 * transaction, so only that uploader may send it. When the claim or the commit fails the row is rolled back,
 * and the file already put in storage is deleted with it, so nothing is left that no row points at.
 */
export async function storeUpload(
  db: DbOrTx,
  opts: Omit<StoreOptions, 'db'>,
  claim: (tx: DbOrTx, attachmentId: number) => Promise<unknown>,
): Promise<Attachment> {
  let storageKey: string | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      const stored = await storeAttachment({ ...opts, db: tx });
      storageKey = stored.storageKey;
      await claim(tx, stored.id);
      return stored;
    });
    return toAttachment(row);
  } catch (err) {
    if (storageKey) await opts.storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Images and PDFs open in the new tab; office files and text download. */
export const dispositionFor = (mime: string) =>
  mime.startsWith('image/') || mime === 'application/pdf' ? 'inline' : 'attachment';

/** What a download needs of a stored file. */
export const downloadColumns = {
  storageKey: attachments.storageKey,
  originalFilename: attachments.originalFilename,
  mimeType: attachments.mimeType,
  fileSize: attachments.fileSize,
};

/**
 * A stored file as the console and the portal serve it: its stored type and original name, no sniffing, and
 * shown on its own (no scripts, no framing by other sites). A file gone from storage answers 404.
 */
export async function fileDownload(
  storage: AttachmentStorage,
  file: { storageKey: string; originalFilename: string; mimeType: string; fileSize: number },
) {
  const stream = await storage.get(file.storageKey).catch(() => {
    throw notFound('Attachment');
  });
  return {
    stream,
    headers: {
      'content-type': file.mimeType,
      'content-length': String(file.fileSize),
      'content-disposition': contentDisposition(dispositionFor(file.mimeType), file.originalFilename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=300',
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
  };
}
