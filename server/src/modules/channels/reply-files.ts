import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import type { ProviderResult } from './provider-result.ts';

/** A reply's file as providers take it: name, type and bytes. */
export interface ReplyFile {
  filename: string;
  mime: string;
  data: Buffer;
}

/** The files of a reply, in the order they were attached, read from storage. */
export async function replyFiles(
  db: Db,
  storage: AttachmentStorage,
  messageId: number,
): Promise<ReplyFile[]> {
  const rows = await db.execute<{ storage_key: string; original_filename: string; mime_type: string }>(sql`
    select storage_key, original_filename, mime_type from attachments where message_id = ${messageId} order by id`);
  const files: ReplyFile[] = [];
  for (const f of rows.rows) {
    const stream = await storage.get(f.storage_key);
    files.push({
      filename: f.original_filename,
      mime: f.mime_type,
      data: Buffer.concat(await stream.toArray()),
    });
  }
  return files;
}

/**
 * A reply that leaves as several provider messages (its text, then one per file), sent in order: the first
 * failure ends it with that failure, and the reply is tracked by the first message's id (its receipts move
 * the reply's delivery). A retry after a failure part-way sends the parts before it again: a customer may
 * see one twice, but never misses one.
 */
export async function sendInParts(parts: (() => Promise<ProviderResult>)[]): Promise<ProviderResult> {
  let first: string | null = null;
  for (const part of parts) {
    const result = await part();
    if (!result.ok) return result;
    first ??= result.providerMessageId;
  }
  return first
    ? { ok: true, providerMessageId: first }
    : { ok: false, retry: false, error: 'The reply is empty' };
}
