import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { companies } from './companies.ts';
import { conversations } from './conversations.ts';
import { customers } from './customers.ts';

/**
 * A company's labels (contract section 13). Conversations and customers refer to a label by its id
 * (`conversation_labels`, `customer_labels`), never by a copy of its name: a rename or a new colour shows
 * everywhere at once, and a deleted label leaves with its rows (ON DELETE CASCADE; decision 048).
 */
export const labels = pgTable(
  'labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    name: text('name').notNull(),
    /** `#rrggbb`, lower case. */
    color: text('color').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('labels_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    unique('labels_company_id_id_key').on(t.companyId, t.id),
  ],
);

/**
 * Which labels a conversation carries. The composite keys (migration 0034) also tie each side to the row's
 * company, as every tenant reference is (issue 8).
 */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    labelId: cascadeTo('label_id', () => labels.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.labelId] }),
    // The label filter and the report read a label's conversations.
    index('conversation_labels_label_idx').on(t.labelId, t.conversationId),
  ],
);

/** Which labels a customer carries (as `conversation_labels`). */
export const customerLabels = pgTable(
  'customer_labels',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    customerId: cascadeTo('customer_id', () => customers.id),
    labelId: cascadeTo('label_id', () => labels.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.labelId] }),
    index('customer_labels_label_idx').on(t.labelId, t.customerId),
  ],
);
