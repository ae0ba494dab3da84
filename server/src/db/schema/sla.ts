import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** What a service level applies to (contract section 14): ids and priorities; an empty list matches all. */
export interface SlaConditionsColumn {
  app_ids: number[];
  queue_ids: number[];
  priorities: string[];
  label_ids: number[];
}

/**
 * A company's service levels (contract section 14, decision 054), in the order they are tried: the first
 * whose conditions match a conversation applies. A time left null is not promised.
 */
export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    firstResponseMinutes: integer('first_response_minutes'),
    nextResponseMinutes: integer('next_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    businessHoursOnly: boolean('business_hours_only').notNull().default(false),
    conditions: jsonb('conditions')
      .$type<SlaConditionsColumn>()
      .notNull()
      .default({ app_ids: [], queue_ids: [], priorities: [], label_ids: [] }),
    ...timestamps(),
  },
  (t) => [index('sla_policies_company_idx').on(t.companyId, t.position, t.id)],
);
