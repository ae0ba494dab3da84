import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AttachmentStorage } from './storage.ts';

/** An upload not attached to any message after this long was abandoned. */
export const ORPHAN_UPLOAD_HOURS = 24;

/** Deletes abandoned uploads: the rows first (in batches), then their files. */
export async function deleteOrphanUploads(db: Db, storage: AttachmentStorage, batch = 200) {
  let removed = 0;
  for (;;) {
    const res = await db.execute<{ storage_key: string }>(sql`
      delete from attachments where id in (
        select id from attachments
        where message_id is null and created_at < now() - make_interval(hours => ${ORPHAN_UPLOAD_HOURS})
        limit ${batch} for update skip locked)
      returning storage_key`);
    for (const row of res.rows) await storage.delete(row.storage_key);
    removed += res.rows.length;
    if (res.rows.length < batch) return removed;
  }
}
