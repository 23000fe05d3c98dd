import { maintainPartitions } from '../db/partitions.ts';
import { defineJob } from './queue.ts';

/**
 * The month partitions of the tables that grow without end (db/partitions.ts): this month and the
 * next ones made ahead, and rows that landed in a default partition moved to their month (daily,
 * 01:17 UTC; every start makes them too, after the migrations).
 */
export const maintainPartitionsJob = defineJob(
  'db.maintain-partitions',
  async (ctx) => {
    const made = await maintainPartitions(ctx.db, new Date());
    if (made.length) ctx.log.info({ made }, 'month partitions made');
  },
  { cron: '17 1 * * *', retry: { limit: 3, delaySeconds: 600 } },
);
