import type { Attachment, CannedReply } from '@inbox/contract';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, cannedReplyAttachments, consoleUploads } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { storeUpload } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';

/**
 * A canned reply owns its files (decision 049). Saving one takes over the caller's own unsent uploads: the
 * upload's claim goes and the row leaves its conversation, so it can no longer be sent as it is, and no
 * other reply or message shares it. A render copies each file into the conversation as a fresh upload of
 * the caller; deleting the reply (or a file from it) then removes only the reply's own copy.
 */

/** The files of these replies, in their order, by reply id. */
export async function filesOf(db: DbOrTx, replyIds: number[]) {
  const byReply = new Map<number, CannedReply['attachments']>();
  if (replyIds.length === 0) return byReply;
  const rows = await db
    .select({
      replyId: cannedReplyAttachments.cannedReplyId,
      id: attachments.id,
      originalFilename: attachments.originalFilename,
      fileSize: attachments.fileSize,
    })
    .from(cannedReplyAttachments)
    .innerJoin(attachments, eq(attachments.id, cannedReplyAttachments.attachmentId))
    .where(inArray(cannedReplyAttachments.cannedReplyId, replyIds))
    .orderBy(asc(cannedReplyAttachments.position), asc(attachments.id));
  for (const r of rows) {
    const list = byReply.get(r.replyId) ?? [];
    list.push({ attachment_id: r.id, original_filename: r.originalFilename, file_size: r.fileSize });
    byReply.set(r.replyId, list);
  }
  return byReply;
}

/**
 * Makes the reply's files exactly `ids`, in that order: its own files kept, the caller's unsent uploads
 * taken over, the rest of its files deleted. Answers the storage keys to remove once the transaction has
 * committed (never before, so a failed write leaves every file in place). 422 on `attachments` for an id
 * that is neither the reply's nor the caller's unsent upload.
 */
export async function setFiles(
  ctx: CompanyCtx,
  tx: DbOrTx,
  replyId: number,
  ids: number[],
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const current = await tx
    .select({ id: cannedReplyAttachments.attachmentId })
    .from(cannedReplyAttachments)
    .where(eq(cannedReplyAttachments.cannedReplyId, replyId));
  const kept = new Set(current.map((r) => r.id));
  const taken = wanted.filter((id) => !kept.has(id));
  if (taken.length > 0) {
    const own = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .innerJoin(consoleUploads, eq(consoleUploads.attachmentId, attachments.id))
      .where(
        and(
          inArray(attachments.id, taken),
          eq(attachments.companyId, ctx.companyId),
          eq(consoleUploads.userId, ctx.actor.user.id),
          isNull(attachments.messageId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(cannedReplyAttachments)
              .where(eq(cannedReplyAttachments.attachmentId, attachments.id)),
          ),
        ),
      );
    if (own.length !== taken.length) {
      throw invalidField('attachments', 'An attachment was not found or was already used');
    }
    await tx.delete(consoleUploads).where(inArray(consoleUploads.attachmentId, taken));
    await tx.update(attachments).set({ conversationId: null }).where(inArray(attachments.id, taken));
  }
  const dropped = [...kept].filter((id) => !wanted.includes(id));
  const keys = dropped.length > 0 ? await deleteFileRows(tx, dropped) : [];
  await tx.delete(cannedReplyAttachments).where(eq(cannedReplyAttachments.cannedReplyId, replyId));
  if (wanted.length > 0) {
    await tx.insert(cannedReplyAttachments).values(
      wanted.map((attachmentId, position) => ({
        attachmentId,
        cannedReplyId: replyId,
        companyId: ctx.companyId,
        position,
      })),
    );
  }
  return keys;
}

async function deleteFileRows(tx: DbOrTx, ids: number[]) {
  const rows = await tx
    .delete(attachments)
    .where(inArray(attachments.id, ids))
    .returning({ key: attachments.storageKey });
  return rows.map((r) => r.key);
}

/** Deletes every file of a reply (its rows now; the caller removes the keys after commit). */
export async function dropAllFiles(tx: DbOrTx, replyId: number) {
  const rows = await tx
    .select({ id: cannedReplyAttachments.attachmentId })
    .from(cannedReplyAttachments)
    .where(eq(cannedReplyAttachments.cannedReplyId, replyId));
  return rows.length > 0
    ? deleteFileRows(
        tx,
        rows.map((r) => r.id),
      )
    : [];
}

/**
 * Copies the reply's files into a conversation as the caller's own unsent uploads: what `POST /messages`
 * takes from the caller, each render its own copy, so sending, deleting the reply or rendering again never
 * touches a file another message holds.
 */
export async function copyFilesInto(
  ctx: CompanyCtx,
  storage: AttachmentStorage,
  replyId: number,
  conversationId: number,
): Promise<Attachment[]> {
  const files = await ctx.db
    .select({ storageKey: attachments.storageKey, originalFilename: attachments.originalFilename })
    .from(cannedReplyAttachments)
    .innerJoin(attachments, eq(attachments.id, cannedReplyAttachments.attachmentId))
    .where(eq(cannedReplyAttachments.cannedReplyId, replyId))
    .orderBy(asc(cannedReplyAttachments.position));
  const copies: Attachment[] = [];
  for (const file of files) {
    const data = await readAll(storage, file.storageKey);
    copies.push(
      await storeUpload(
        ctx.db,
        { storage, companyId: ctx.companyId, conversationId, filename: file.originalFilename, data },
        (tx, id) => tx.insert(consoleUploads).values({ attachmentId: id, userId: ctx.actor.user.id }),
      ),
    );
  }
  return copies;
}

async function readAll(storage: AttachmentStorage, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
