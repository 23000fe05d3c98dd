import { defineJob } from '../../jobs/queue.ts';
import { purgeExpiredMessages, simulateDelivery } from './service.ts';

/** Message records are kept messageRetentionDays (System Settings), then purged (daily, 02:47 UTC). */
export const purgeMessagesJob = defineJob(
  'messaging.purge-expired',
  async (ctx) => {
    const purged = await purgeExpiredMessages(ctx, new Date());
    if (purged.rows || purged.partitions.length) ctx.log.info(purged, 'expired message records purged');
  },
  { cron: '47 2 * * *', retry: { limit: 2, delaySeconds: 300 } },
);

/** The sandbox carrier's delivery of one message (queued by a send). */
export const simulateDeliveryJob = defineJob<{ id: number }>(
  'messaging.sandbox-deliver',
  async (ctx, payload) => {
    await simulateDelivery(ctx, payload.id);
  },
  { retry: { limit: 3, delaySeconds: 5 } },
);
