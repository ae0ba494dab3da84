import { CONVERSATION_STATUSES, DELIVERY_STATUSES } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeTo, ts, tsvector } from './columns.ts';
import { apps, companies, queues } from './companies.ts';
import { customers } from './customers.ts';
import { integrations } from './integrations.ts';
import { slaPolicies } from './sla.ts';
import { users } from './users.ts';

export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: cascadeTo('app_id', () => apps.id),
    // Deleting a queue or a user moves or unassigns its conversations first, each with its event and line
    // (`changeConversations`); the plain key refuses a delete that forgot to (decision 044).
    queueId: integer('queue_id').references(() => queues.id),
    customerId: cascadeTo('customer_id', () => customers.id),
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    /** Per-company display number, shown to agents instead of the global id. */
    number: integer('number').notNull(),
    channel: text('channel').notNull().default('portal'),
    /** The integration the conversation came through (an `api` integration, later a channel); replies go back there. */
    integrationId: integer('integration_id').references((): AnyPgColumn => integrations.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    /**
     * Contract section 13's priority as its rank: 1 urgent, 2 high, 3 medium, 4 low, null none
     * (`conversations/priority.ts` names them). A number so the priority sort's index orders it.
     */
    priority: smallint('priority'),
    /** A snoozed conversation wakes then (a pg-boss job, `conversations/snooze.ts`); null: when the customer writes. */
    snoozedUntil: ts('snoozed_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    firstReplyAt: ts('first_reply_at'),
    waitingSince: ts('waiting_since'),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    /**
     * Whether the customer proved they are who the conversation is filed under: true for channels whose
     * identity is the channel's (mail, phone, Messenger, an outside system's id, a widget visitor the host site
     * signed), false for an email typed into the portal form until a secure link, a signed widget visitor or
     * a mail from that address proves it (decision 037). False by default, so a path that forgets to say is
     * never taken at its word.
     */
    verified: boolean('verified').notNull().default(false),
    /**
     * The service level that applies (contract section 14) and its running clocks, each null once met or
     * stopped, kept by the SLA consumer (`modules/sla`, decision 054). `sla_due_at` is the soonest of the
     * three, on the row so the list sorts and filters by it through `conversations_sla_idx`.
     */
    slaPolicyId: integer('sla_policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    slaFirstResponseDueAt: ts('sla_first_response_due_at'),
    slaNextResponseDueAt: ts('sla_next_response_due_at'),
    slaResolutionDueAt: ts('sla_resolution_due_at'),
    slaDueAt: ts('sla_due_at'),
    /** The kinds missed, each recorded once with its `conversation.sla_breached` event. */
    slaBreached: text('sla_breached').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The ids of the labels it carries, ascending, or null for none: a copy of its `conversation_labels` rows
     * that triggers on that table keep in the writer's statement (migrations 0039, 0040), whatever the path (a
     * label change, bulk, a label's or conversation's deletion). The label filter tests the row the list
     * already reads, and the per-label counts group by it (decision 056). Null, not an empty array, so that
     * the filter's `&&` alone proves the partial indexes' `is not null` and PostgreSQL estimates a label's
     * share of the company from the column's statistics without a second, dependent condition.
     */
    labelIds: integer('label_ids').array(),
  },
  (t) => [
    check('conversations_priority_rank', sql`${t.priority} between 1 and 4`),
    uniqueIndex('conversations_company_number_key').on(t.companyId, t.number),
    // The other sorts of the list (contract section 13, `conversations/sorts.ts`), each with the columns the
    // reach and the filters test, as `conversations_inbox_idx` has them for the latest activity. A null key
    // (not waiting, no priority) is a value past every other (`WAITING_KEY`, `PRIORITY_KEY`), so it goes
    // last and a cursor compares rows with one row comparison. An index keyed on `coalesce(col, ...)` also
    // carries `col` itself, last: PostgreSQL walks an index without reading rows only when every column the
    // query names is stored in it, and it does not look inside the expression (migration 0042; without it
    // the agent's priority page read 236 rows to show 50).
    index('conversations_oldest_idx').on(
      t.companyId,
      t.createdAt,
      t.id,
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
      t.priority,
    ),
    index('conversations_waiting_idx').on(
      t.companyId,
      sql`coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz)`,
      t.id,
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
      t.priority,
      t.waitingSince,
    ),
    index('conversations_priority_idx').on(
      t.companyId,
      sql`coalesce(priority, 5)`,
      sql`coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz)`,
      t.id,
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
      t.priority,
      t.waitingSince,
    ),
    // The SLA sort (soonest due first, none last) and the SLA filters (a range of due times), with what the
    // reach and the filters test, as `conversations_waiting_idx` has them (decision 054).
    index('conversations_sla_idx').on(
      t.companyId,
      sql`coalesce(sla_due_at, '9999-12-31 00:00:00+00'::timestamptz)`,
      t.id,
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
      t.priority,
      t.slaDueAt,
    ),
    // The priority filter in the default order: one priority's conversations, latest activity first.
    index('conversations_priority_latest_idx')
      .on(
        t.companyId,
        t.priority,
        t.lastActivityAt.desc(),
        t.id.desc(),
        t.appId,
        t.queueId,
        t.assignedUserId,
        t.status,
      )
      .where(sql`priority is not null`),
    // The label filter (decision 056). The labelled conversations alone, latest activity first, with what the
    // reach, the filters and the label test: a label's page walks only labelled conversations and reads no
    // row (a label on one conversation in a hundred walked 4,900 rows of the company's list, each read for
    // its labels: 2.2 ms). Every label filter's `&&` implies the predicate (a strict operator is never true
    // of a null), so the planner may use it.
    index('conversations_labelled_idx')
      .on(
        t.companyId,
        t.lastActivityAt.desc(),
        t.id.desc(),
        t.appId,
        t.queueId,
        t.assignedUserId,
        t.status,
        t.labelIds,
      )
      .where(sql`label_ids is not null`),
    // A very rare label's conversations, found by their label. Labelled conversations only: every message
    // rewrites its conversation's row (not a HOT update), and an unlabelled one would put an entry under the
    // index's one key for no labels each time, all writers in one posting tree. Entries go straight into the
    // index: a pending list is read through by every query until a vacuum.
    index('conversations_label_ids_idx')
      .using('gin', t.labelIds)
      .with({ fastupdate: false })
      .where(sql`label_ids is not null`),
    // The inbox lists latest activity first within a company. The trailing columns are what the visibility
    // rule, the filters and a walked search's customers test: a page walks the index without reading each
    // conversation's row (an agent's deep page read 10,000 rows only to skip them, a common name's 3,000).
    index('conversations_inbox_idx').on(
      t.companyId,
      t.lastActivityAt.desc(),
      t.id.desc(),
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
      t.customerId,
    ),
    // The same for one status (the open inbox, the most common view): its page and its capped count read
    // only that status's entries instead of skipping the resolved majority.
    index('conversations_status_idx').on(
      t.companyId,
      t.status,
      t.lastActivityAt.desc(),
      t.id.desc(),
      t.appId,
      t.queueId,
      t.assignedUserId,
    ),
    // The dashboard's "resolved today": the day's resolutions of a company, with what its reach tests, read
    // without the resolved majority or a row (counting them through the status index took 19 ms at 100,000).
    index('conversations_resolved_idx')
      .on(t.companyId, t.resolvedAt, t.appId, t.queueId, t.assignedUserId)
      .where(sql`status = 'resolved'`),
    // An agent's reach in ordered parts, each walked in the list's order and merged (`reachBranches`): what
    // is assigned to the agent, each queue of theirs, and the unassigned conversations of each app they work
    // in. A deep page then skips only rows the agent sees, where the walk of the whole inbox skipped four
    // of every five (bench/RESULTS.md).
    index('conversations_queue_idx').on(
      t.queueId,
      t.lastActivityAt.desc(),
      t.id.desc(),
      t.companyId,
      t.appId,
      t.assignedUserId,
      t.status,
    ),
    index('conversations_unassigned_idx')
      .on(t.appId, t.lastActivityAt.desc(), t.id.desc(), t.companyId, t.queueId, t.status)
      .where(sql`assigned_user_id is null`),
    // A customer's conversations, with what visibility and the list filters test: a walked search counts the
    // conversations of its matching customers through it without reading their rows (`countBySides`).
    index('conversations_customer_idx').on(
      t.customerId,
      t.companyId,
      t.appId,
      t.queueId,
      t.assignedUserId,
      t.status,
    ),
    // The first of the reach's ordered parts (see `conversations_queue_idx`); it also serves deleting a user.
    index('conversations_assigned_idx').on(
      t.assignedUserId,
      t.lastActivityAt.desc(),
      t.id.desc(),
      t.companyId,
      t.appId,
      t.queueId,
      t.status,
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    senderType: text('sender_type', { enum: ['customer', 'agent', 'auto', 'system'] }).notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The platform admin who wrote this while impersonating the sender (agent replies, notes, system lines). */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    contentType: text('content_type').notNull().default('text'),
    isPrivate: boolean('is_private').notNull().default(false),
    clientMessageId: text('client_message_id'),
    /**
     * A reply sent out through a provider channel (SMS, WhatsApp, Messenger, email): where its delivery stands
     * (contract section 10), the provider's reason when it failed, and the provider's id for its receipts.
     */
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }),
    deliveryError: text('delivery_error'),
    providerMessageId: text('provider_message_id'),
    /** A WhatsApp template reply: `{name, language, parameters}`, sent as the template, not as its text. */
    template: jsonb('template').$type<{ name: string; language: string; parameters: string[] }>(),
    /** The people an internal note mentions (contract section 14); their names are read with the message. */
    mentionUserIds: integer('mention_user_ids').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The content's words as the inbox search reads them, stored so a search tests a message without parsing
     * it again: a common word is looked for message by message in each walked conversation, and parsing cost
     * most of that search (bench/RESULTS.md, inbox notes). Its GIN index is `messages_content_search_idx`.
     */
    contentSearch: tsvector('content_search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', content)`),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // The list's unread counts read customer messages only, and from this index alone (no row visited):
    // 12% of an inbox page's database time (bench/RESULTS.md, inbox notes).
    index('messages_customer_idx').on(t.conversationId, t.id).where(sql`${t.senderType} = 'customer'`),
    index('messages_provider_id_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    uniqueIndex('messages_client_id_key')
      .on(t.conversationId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    /**
     * The conversation it was uploaded to; null for a file not uploaded to any (a canned reply's, contract
     * section 13), which can never be sent as it is: a render copies it into the conversation.
     */
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    /** Generated key inside the storage; the original name is never used as a path. */
    storageKey: text('storage_key').notNull(),
    originalFilename: text('original_filename').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('attachments_conversation_idx').on(t.conversationId),
    index('attachments_message_idx').on(t.messageId),
  ],
);
