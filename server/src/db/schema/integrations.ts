import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { apps, companies } from './companies.ts';

/** An app's integrations (contract section 9): channels, the API and outgoing webhooks. */
export const integrations = pgTable(
  'integrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: cascadeTo('app_id', () => apps.id),
    type: text('type', {
      enum: ['facebook', 'whatsapp', 'sms', 'email', 'web', 'portal', 'api', 'webhook'],
    }).notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Write-only: never part of an answer, only their names. */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    lastEventAt: ts('last_event_at'),
    lastError: text('last_error'),
    lastTest: jsonb('last_test').$type<{
      ok: boolean;
      status_code: number | null;
      duration_ms: number;
      error: string | null;
      tested_ts: string;
    }>(),
    ...timestamps(),
  },
  (t) => [
    unique('integrations_company_id_id_key').on(t.companyId, t.id),
    index('integrations_app_idx').on(t.appId),
  ],
);
