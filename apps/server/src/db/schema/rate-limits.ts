import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Request counters of the rate limiter (per route and client address), kept in the database so
 * every instance counts the same hits. A row is one fixed window: hits restart at resets_at.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: ts('resets_at').notNull(),
  },
  (t) => [index('rate_limit_hits_resets_at_idx').on(t.resetsAt)],
);
