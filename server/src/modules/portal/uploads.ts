import type { Attachment } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, messages, portalUploads } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { contentDisposition, dispositionFor, storeAttachment, toAttachment } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { assertCanWrite, type PortalSession } from './session.ts';

/** Stores a customer's upload and remembers which session made it (only it may send the file). */
export async function uploadPortalAttachment(opts: {
  db: Db;
  storage: AttachmentStorage;
  session: PortalSession;
  filename: string | undefined;
  data: Buffer;
}): Promise<Attachment> {
  const { db, session } = opts;
  assertCanWrite(session);
  const row = await db.transaction(async (tx) => {
    const stored = await storeAttachment({
      db: tx,
      storage: opts.storage,
      companyId: session.companyId,
      conversationId: session.conversationId,
      filename: opts.filename,
      data: opts.data,
    });
    await tx.insert(portalUploads).values({ attachmentId: stored.id, sessionId: session.sessionId });
    return stored;
  });
  return toAttachment(row);
}

/**
 * A file the customer may see: attached to a sent, non-private message of its own conversation. Anything
 * else (another chat's, an internal note's, an unsent upload) answers 404 without saying which.
 */
export async function openPortalAttachment(opts: {
  db: Db;
  storage: AttachmentStorage;
  session: PortalSession;
  id: number;
}) {
  const { db, session } = opts;
  const [row] = await db
    .select({
      storageKey: attachments.storageKey,
      originalFilename: attachments.originalFilename,
      mimeType: attachments.mimeType,
      fileSize: attachments.fileSize,
    })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(
      and(
        eq(attachments.id, opts.id),
        eq(attachments.conversationId, session.conversationId),
        eq(attachments.companyId, session.companyId),
        eq(messages.isPrivate, false),
      ),
    );
  if (!row) throw notFound('Attachment');
  const stream = await opts.storage.get(row.storageKey).catch(() => {
    throw notFound('Attachment');
  });
  return {
    stream,
    headers: {
      'content-type': row.mimeType,
      'content-length': String(row.fileSize),
      'content-disposition': contentDisposition(dispositionFor(row.mimeType), row.originalFilename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=300',
      // The file is shown on its own: no scripts, no framing by other sites.
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
  };
}
