import { defineJob } from '../../jobs/queue.ts';
import * as repo from './repo.ts';

/** Expired sessions no longer sign anyone in; the sweep keeps the table (and its index) small. */
export const sweepExpiredSessionsJob = defineJob(
  'auth.sweep-expired-sessions',
  async (ctx) => {
    const deleted = await repo.deleteExpiredSessions(ctx.db);
    if (deleted > 0) ctx.log.info({ deleted }, 'expired sessions swept');
  },
  { cron: '17 * * * *', retry: { limit: 1, delaySeconds: 60 } },
);
