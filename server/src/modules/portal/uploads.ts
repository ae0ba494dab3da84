import type { Attachment } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, messages, portalUploads } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { downloadColumns, fileDownload, storeAttachment, toAttachment } from '../attachments/service.ts';
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
    .select(downloadColumns)
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
  return fileDownload(opts.storage, row);
}
