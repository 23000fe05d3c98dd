import { defineRetentionJob } from '../../jobs/retention.ts';
import { purgeExpiredRequests } from './service.ts';

/** The public API's request log is kept apiLogRetentionDays (System Settings), then purged (daily, 02:53 UTC). */
export const purgeApiRequestsJob = defineRetentionJob(
  'api.purge-request-log',
  '53 2 * * *',
  'expired API request log rows',
  purgeExpiredRequests,
);
