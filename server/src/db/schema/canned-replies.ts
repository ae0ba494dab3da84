import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps } from './columns.ts';
import { apps, companies } from './companies.ts';
import { attachments } from './conversations.ts';
import { users } from './users.ts';

/**
 * Saved replies (contract section 13): the company's, one app's (`app_id`), or one person's (`owner_user_id`).
 * A short code is unique case-insensitively within its scope: one partial unique index per scope.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    scope: text('scope', { enum: ['company', 'app', 'personal'] }).notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    shortCode: text('short_code').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * What the picker's search looks in: code, title and content, lower-cased once when written rather than
     * on every row of every search; the trigram index over it serves terms of three letters or more.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(short_code || ' ' || title || ' ' || content)`),
    ...timestamps(),
  },
  (t) => [
    unique('canned_replies_company_id_id_key').on(t.companyId, t.id),
    check(
      'canned_replies_scope_check',
      sql`(${t.scope} = 'company' and ${t.appId} is null and ${t.ownerUserId} is null)
        or (${t.scope} = 'app' and ${t.appId} is not null and ${t.ownerUserId} is null)
        or (${t.scope} = 'personal' and ${t.appId} is null and ${t.ownerUserId} is not null)`,
    ),
    uniqueIndex('canned_replies_company_code_key')
      .on(t.companyId, sql`lower(${t.shortCode})`)
      .where(sql`${t.scope} = 'company'`),
    uniqueIndex('canned_replies_app_code_key')
      .on(t.appId, sql`lower(${t.shortCode})`)
      .where(sql`${t.scope} = 'app'`),
    uniqueIndex('canned_replies_owner_code_key')
      .on(t.companyId, t.ownerUserId, sql`lower(${t.shortCode})`)
      .where(sql`${t.scope} = 'personal'`),
    // The list and the picker read one company's replies in short-code order: a walk of this index, whose
    // slice of a company (a few thousand replies at most) the search then filters (bench/canned-search).
    index('canned_replies_company_code_idx').on(t.companyId, sql`lower(${t.shortCode})`, t.id),
    index('canned_replies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * A canned reply's files: attachment rows of no conversation that the reply owns. A render copies each one
 * into the conversation as a fresh upload of the caller, so a sent message never shares a file with the reply.
 */
export const cannedReplyAttachments = pgTable(
  'canned_reply_attachments',
  {
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    cannedReplyId: cascadeTo('canned_reply_id', () => cannedReplies.id),
    companyId: cascadeTo('company_id', () => companies.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attachmentId] }),
    index('canned_reply_attachments_reply_idx').on(t.cannedReplyId),
  ],
);
