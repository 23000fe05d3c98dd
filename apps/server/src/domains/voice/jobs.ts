import { defineJob } from '../../jobs/queue.ts';
import { defineRetentionJob } from '../../jobs/retention.ts';
import { deactivateStaleIps, purgeExpiredCdrs } from './service.ts';

/** The spec's rule: a 382 Network IP unused for 90 days is deactivated (daily, 03:23 UTC). */
export const deactivateStaleIpsJob = defineJob(
  'voice.deactivate-stale-ips',
  async (ctx) => {
    const { count } = await deactivateStaleIps(ctx, new Date());
    if (count > 0) ctx.log.info({ count }, 'unused 382 Network IPs deactivated');
  },
  { cron: '23 3 * * *', retry: { limit: 2, delaySeconds: 300 } },
);

/** Call detail records are kept cdrRetentionDays (System Settings), then purged (daily, 02:41 UTC). */
export const purgeCdrsJob = defineRetentionJob('voice.purge-expired', '41 2 * * *', 'expired call detail records', purgeExpiredCdrs);
