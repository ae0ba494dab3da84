import type { BusinessHours } from '@inbox/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { users } from './users.ts';

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('UTC'),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  statusReason: text('status_reason'),
  /** Last display number handed to a conversation of this company (Chatwoot's per-account display id). */
  lastConversationNumber: integer('last_conversation_number').notNull().default(0),
  /** A reply to an unassigned conversation assigns it to the replier (decision 015). */
  autoAssignOnReply: boolean('auto_assign_on_reply').notNull().default(true),
  /** When the company is open, in its timezone (contract section 9); null: always open. */
  businessHours: jsonb('business_hours').$type<BusinessHours>(),
  /** The billing plan (contract section 11); its limits warn, they never stop a message. */
  planId: text('plan_id', { enum: ['free', 'starter', 'growth', 'scale'] })
    .notNull()
    .default('free'),
  ...timestamps(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    userId: cascadeTo('user_id', () => users.id),
    role: text('role', { enum: ['admin', 'manager', 'agent'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

export const apps = pgTable(
  'apps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Customer satisfaction (contract section 14): whether a resolution asks the customer, and what. */
    csatEnabled: boolean('csat_enabled').notNull().default(false),
    csatQuestion: text('csat_question').notNull().default('How would you rate our support?'),
    ...timestamps(),
  },
  (t) => [index('apps_company_idx').on(t.companyId)],
);

export const appMembers = pgTable(
  'app_members',
  {
    appId: cascadeTo('app_id', () => apps.id),
    userId: cascadeTo('user_id', () => users.id),
    companyId: cascadeTo('company_id', () => companies.id),
    role: text('role', { enum: ['admin', 'manager', 'agent'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userId] }),
    index('app_members_user_idx').on(t.userId, t.companyId),
  ],
);

export const queues = pgTable(
  'queues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: cascadeTo('app_id', () => apps.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('queues_app_idx').on(t.appId), index('queues_company_idx').on(t.companyId)],
);

export const queueMembers = pgTable(
  'queue_members',
  {
    queueId: cascadeTo('queue_id', () => queues.id),
    userId: cascadeTo('user_id', () => users.id),
    companyId: cascadeTo('company_id', () => companies.id),
    role: text('role', { enum: ['manager', 'member'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.queueId, t.userId] }),
    index('queue_members_user_idx').on(t.userId, t.companyId),
  ],
);
