import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** Append-only audit trail: who did what, and through whom when a platform admin impersonated. */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id'),
    impersonatorUserId: integer('impersonator_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('activities_company_created_idx').on(t.companyId, t.createdAt)],
);
