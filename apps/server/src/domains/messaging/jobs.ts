import { defineJob } from '../../jobs/queue.ts';
import { defineRetentionJob } from '../../jobs/retention.ts';
import { purgeExpiredMessages, simulateDelivery } from './service.ts';

/** Message records are kept messageRetentionDays (System Settings), then purged (daily, 02:47 UTC). */
export const purgeMessagesJob = defineRetentionJob(
  'messaging.purge-expired',
  '47 2 * * *',
  'expired message records',
  purgeExpiredMessages,
);

/** The sandbox carrier's delivery of one message (queued by a send). */
export const simulateDeliveryJob = defineJob<{ id: number }>(
  'messaging.sandbox-deliver',
  async (ctx, payload) => {
    await simulateDelivery(ctx, payload.id);
  },
  { retry: { limit: 3, delaySeconds: 5 } },
);
