import type { Attachment } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, messages, portalUploads } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { downloadColumns, fileDownload, storeUpload } from '../attachments/service.ts';
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
  const { storage, filename, data } = opts;
  const where = { companyId: session.companyId, conversationId: session.conversationId };
  return storeUpload(db, { storage, ...where, filename, data }, (tx, id) =>
    tx.insert(portalUploads).values({ attachmentId: id, sessionId: session.sessionId }),
  );
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
