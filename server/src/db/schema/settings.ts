import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide values every process must share, such as the token-signing secret. */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
