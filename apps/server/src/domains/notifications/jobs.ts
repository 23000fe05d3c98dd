import { defineJob } from '../../jobs/queue.ts';
import { sendWeeklyDigests } from './service.ts';

/** Mondays 08:10 UTC: the weekly digest email (commsWeeklyDigest). */
export const weeklyDigestJob = defineJob(
  'notifications.weekly-digest',
  async (ctx) => {
    const sent = await sendWeeklyDigests(ctx);
    ctx.log.info({ sent }, 'weekly digests');
  },
  { cron: '10 8 * * 1', retry: { limit: 1, delaySeconds: 900 } },
);
