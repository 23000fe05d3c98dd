import { defineJob } from '../../jobs/queue.ts';
import { purgeExpiredRequests } from './service.ts';

/** The public API's request log is kept apiLogRetentionDays (System Settings), then purged (daily, 02:53 UTC). */
export const purgeApiRequestsJob = defineJob(
  'api.purge-request-log',
  async (ctx) => {
    const purged = await purgeExpiredRequests(ctx, new Date());
    if (purged.rows || purged.partitions.length) ctx.log.info(purged, 'expired API request log rows purged');
  },
  { cron: '53 2 * * *', retry: { limit: 2, delaySeconds: 300 } },
);
