import { defineJob } from '../../jobs/queue.ts';
import * as repo from './repo.ts';

/**
 * Expired sessions no longer sign anyone in; the sweep keeps the table (and its index) small. The
 * two-factor sign-in's leftovers go with them: code steps never finished and trusted computers past
 * their 30 days.
 */
export const sweepExpiredSessionsJob = defineJob(
  'auth.sweep-expired-sessions',
  async (ctx) => {
    const deleted = await repo.deleteExpiredSessions(ctx.db);
    const now = new Date();
    const challenges = await repo.deleteExpiredChallenges(ctx.db, now);
    const devices = await repo.deleteExpiredTrustedDevices(ctx.db, now);
    if (deleted > 0 || challenges > 0 || devices > 0) ctx.log.info({ deleted, challenges, devices }, 'expired sessions swept');
  },
  { cron: '17 * * * *', retry: { limit: 1, delaySeconds: 60 } },
);
