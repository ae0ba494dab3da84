import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AttachmentStorage } from './storage.ts';

/** An upload not attached to any message after this long was abandoned. */
export const ORPHAN_UPLOAD_HOURS = 24;

/**
 * Deletes abandoned uploads: the rows first (in batches), then their files. A canned reply's files are never
 * sent and never abandoned while the reply holds them; once it is gone (with its app or its owner) they are.
 */
export async function deleteOrphanUploads(db: Db, storage: AttachmentStorage, batch = 200) {
  let removed = 0;
  for (;;) {
    const res = await db.execute<{ storage_key: string }>(sql`
      delete from attachments where id in (
        select id from attachments
        where message_id is null and created_at < now() - make_interval(hours => ${ORPHAN_UPLOAD_HOURS})
          and not exists (select 1 from canned_reply_attachments c where c.attachment_id = attachments.id)
        limit ${batch} for update skip locked)
      returning storage_key`);
    for (const row of res.rows) await storage.delete(row.storage_key);
    removed += res.rows.length;
    if (res.rows.length < batch) return removed;
  }
}
