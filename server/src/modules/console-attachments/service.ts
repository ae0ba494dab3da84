import type { Attachment } from '@inbox/contract';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { attachments, consoleUploads } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import { downloadColumns, fileDownload, storeUpload } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';

/**
 * Stores an agent's upload for a conversation it can see (only that agent may then send it), or for no
 * conversation (a file for a canned reply, which only that agent's reply may take).
 */
export async function uploadConsoleAttachment(opts: {
  ctx: CompanyCtx;
  storage: AttachmentStorage;
  /** Undefined: a file for a canned reply, in no conversation. */
  conversationId: number | undefined;
  filename: string | undefined;
  data: Buffer;
}): Promise<Attachment> {
  const { ctx } = opts;
  const conv =
    opts.conversationId === undefined
      ? null
      : await requireVisibleConversation(ctx, ctx.db, opts.conversationId);
  const { storage, filename, data } = opts;
  return storeUpload(
    ctx.db,
    { storage, companyId: ctx.companyId, conversationId: conv?.id ?? null, filename, data },
    (tx, id) => tx.insert(consoleUploads).values({ attachmentId: id, userId: ctx.actor.user.id }),
  );
}

/**
 * A file of a conversation the caller can see: one attached to a sent message (notes included), or the
 * caller's own upload not sent yet. A customer's unsent upload and anything out of reach answer 404.
 */
export async function openConsoleAttachment(opts: {
  ctx: CompanyCtx;
  storage: AttachmentStorage;
  id: number;
}) {
  const { ctx } = opts;
  const [row] =
    opts.id <= 2_147_483_647
      ? await ctx.db
          .select({
            conversationId: attachments.conversationId,
            ...downloadColumns,
          })
          .from(attachments)
          .leftJoin(consoleUploads, eq(consoleUploads.attachmentId, attachments.id))
          .where(
            and(
              eq(attachments.id, opts.id),
              eq(attachments.companyId, ctx.companyId),
              or(isNotNull(attachments.messageId), eq(consoleUploads.userId, ctx.actor.user.id)),
            ),
          )
      : [];
  if (!row) throw notFound('Attachment');
  // The caller's own upload to no conversation (a canned reply's file not saved yet).
  if (row.conversationId === null) return fileDownload(opts.storage, row);
  await requireVisibleConversation(ctx, ctx.db, row.conversationId).catch(() => {
    throw notFound('Attachment');
  });
  return fileDownload(opts.storage, row);
}
