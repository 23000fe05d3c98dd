import { sql } from 'drizzle-orm';
import { defineJob } from './queue.ts';

/**
 * The embedded engine's upkeep: PGlite runs no autovacuum, so nothing else gathers the planner's
 * statistics or clears dead rows there. Without it the statistics stay those of the first start
 * (db/seed ANALYZEs what it loads), and the lists' joins are planned for tables of that size however
 * much they grow. A PostgreSQL server's autovacuum does both as the tables change: there the job
 * does nothing. Daily, 02:43 UTC.
 */
export const vacuumEmbeddedJob = defineJob(
  'db.vacuum-embedded',
  async (ctx) => {
    if (ctx.database.kind !== 'pglite') return;
    const started = performance.now();
    await ctx.database.db.execute(sql`VACUUM ANALYZE`);
    ctx.log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and analyzed');
  },
  { cron: '43 2 * * *', retry: { limit: 2, delaySeconds: 600 }, timeoutSeconds: 3600 },
);
