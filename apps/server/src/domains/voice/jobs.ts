import { defineJob } from '../../jobs/queue.ts';
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
export const purgeCdrsJob = defineJob(
  'voice.purge-expired',
  async (ctx) => {
    const purged = await purgeExpiredCdrs(ctx, new Date());
    if (purged.rows || purged.partitions.length) ctx.log.info(purged, 'expired call detail records purged');
  },
  { cron: '41 2 * * *', retry: { limit: 2, delaySeconds: 300 } },
);
