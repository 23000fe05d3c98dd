import type { Purged } from '../db/partitions.ts';
import type { Ctx } from '../lib/context.ts';
import { defineJob } from './queue.ts';

/**
 * A daily retention job: `purge` removes what is older than its setting allows (whole months
 * dropped, db/partitions.ts), and what went is logged as `what`.
 */
export function defineRetentionJob(name: string, cron: string, what: string, purge: (ctx: Ctx, now: Date) => Promise<Purged>) {
  return defineJob(
    name,
    async (ctx) => {
      const purged = await purge(ctx, new Date());
      if (purged.rows || purged.partitions.length) ctx.log.info(purged, `${what} purged`);
    },
    { cron, retry: { limit: 2, delaySeconds: 300 } },
  );
}
