import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Rate-limit counters every server process shares (fixed windows aligned to the clock, so all processes
 * agree on the window). The key is a hash: no address or email is stored. Created UNLOGGED (migration
 * 0007): counters are worth no disk flush, and losing them in a crash only forgives a few attempts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
