import { defineJob } from '../../jobs/queue.ts';
import { deactivateStaleIps } from './service.ts';

/** The spec's rule: a 382 Network IP unused for 90 days is deactivated (daily, 03:23 UTC). */
export const deactivateStaleIpsJob = defineJob(
  'voice.deactivate-stale-ips',
  async (ctx) => {
    const { count } = await deactivateStaleIps(ctx, new Date());
    if (count > 0) ctx.log.info({ count }, 'unused 382 Network IPs deactivated');
  },
  { cron: '23 3 * * *', retry: { limit: 2, delaySeconds: 300 } },
);
