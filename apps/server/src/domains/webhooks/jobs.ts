import { defineJob } from '../../jobs/queue.ts';
import { attemptDelivery, deliverDue } from './service.ts';

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** The attempt's due time (ISO): a job whose attempt was taken, replayed or rescheduled does nothing. */
  due: string;
}

/**
 * One attempt of a webhook delivery, enqueued when the event arrives and, after each failure,
 * with the retry's delay (the schedule, not pg-boss's retries, spaces the attempts).
 */
export const deliverWebhookJob = defineJob<DeliverWebhookPayload>(
  'webhooks.deliver',
  async (ctx, payload) => {
    await attemptDelivery(ctx, payload.deliveryId, new Date(payload.due));
  },
  { retry: { limit: 1, delaySeconds: 60 }, timeoutSeconds: 120, concurrency: 10 },
);

/** Every minute: deliveries due whose job was lost, or whose attempt's instance stopped mid-way (its lease ran out). */
export const deliverDueWebhooksJob = defineJob(
  'webhooks.deliver-due',
  async (ctx) => {
    const n = await deliverDue(ctx);
    if (n > 0) ctx.log.info({ count: n }, 'due webhook deliveries attempted by the sweep');
  },
  { cron: '* * * * *', retry: { limit: 0, delaySeconds: 60 }, timeoutSeconds: 600 },
);
