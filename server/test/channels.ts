import { sql } from 'drizzle-orm';
import { call, type Session, type TestContext } from './app.ts';

/** The conversation a provider's message (by its id at the provider) landed in; NaN when it was not stored. */
export const conversationOfExternal = async (t: TestContext, externalId: string) =>
  Number(
    (
      await t.db.execute<{ id: number }>(
        sql`select conversation_id as id from channel_messages where external_id = ${externalId}`,
      )
    ).rows[0]?.id,
  );

export interface ThreadMessage {
  message_id: number;
  sender_type: string;
  content: string;
  attachments: { attachment_id: number; original_filename: string; mime_type: string }[];
  delivery?: { status: string; error: string | null };
}

/** The thread as the console shows it to `as`. */
export async function consoleThread(t: TestContext, as: Session, conversationId: number) {
  const res = await call(t.app, 'GET', '/conversation/poll', {
    as,
    query: { conversation_id: conversationId },
  });
  return res.body.data.messages as ThreadMessage[];
}
