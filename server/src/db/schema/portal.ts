import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { companies } from './companies.ts';
import { attachments, conversations } from './conversations.ts';

/**
 * A customer's portal session: only the SHA-256 of the token is kept. The expiry slides with customer
 * activity; `ended_at` marks a session whose expiry has been processed (its conversation closed unless
 * resolved). A deleted conversation leaves the row with a null conversation, so its token answers
 * TOKEN_EXPIRED rather than INVALID_TOKEN.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    /**
     * The name the visitor typed to start the chat. The portal shows the visitor this name, never the stored
     * customer's: an email typed into the public form proves nothing, so whoever typed one must not learn the
     * name of the customer who has it. Null for sessions opened by a verified link.
     */
    visitorName: text('visitor_name'),
  },
  (t) => [
    uniqueIndex('portal_sessions_token_key').on(t.tokenHash),
    index('portal_sessions_conversation_idx').on(t.conversationId),
    // The expiry sweep reads only sessions still to be processed.
    index('portal_sessions_due_idx').on(t.expiresAt).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Who is typing in a conversation, each signal valid until `expires_at` (a few seconds). Ephemeral, so the
 * migration makes the table UNLOGGED: no WAL per keystroke burst, and losing it in a crash loses nothing.
 * `actor_key` is 'customer' or 'user:<id>'.
 */
export const typingSignals = pgTable(
  'typing_signals',
  {
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    actorKey: text('actor_key').notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.actorKey] })],
);

/** Attachments a portal session uploaded: a customer may only attach its own uploads to its messages. */
export const portalUploads = pgTable('portal_uploads', {
  attachmentId: integer('attachment_id')
    .primaryKey()
    .references(() => attachments.id, { onDelete: 'cascade' }),
  sessionId: cascadeTo('session_id', () => portalSessions.id),
});
