import { defineJob } from '../../jobs/queue.ts';
import { attemptDeliveries, attemptDelivery, deliverDue } from './service.ts';

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** The attempt's due time (ISO): a job whose attempt was taken, replayed or rescheduled does nothing. */
  due: string;
}

/**
 * One attempt of a webhook delivery, enqueued when the event arrives and, after each failure,
 * with the retry's delay (the schedule, not pg-boss's retries, spaces the attempts). A worker takes
 * up to 50 at a time and makes them together (attemptDeliveries: a few statements for the batch,
 * the POSTs at once); two workers per instance, so one batch's slow receiver does not hold up all
 * the rest. The emitting instance wakes its workers when the event commits (no wait for a poll).
 */
export const deliverWebhookJob = defineJob<DeliverWebhookPayload>(
  'webhooks.deliver',
  async (ctx, payload) => {
    await attemptDelivery(ctx, payload.deliveryId, new Date(payload.due));
  },
  {
    retry: { limit: 1, delaySeconds: 60 },
    timeoutSeconds: 120,
    concurrency: 50,
    workers: 2,
    batchHandler: async (ctx, jobs) => {
      await attemptDeliveries(
        ctx,
        jobs.map(({ payload }) => ({ deliveryId: payload.deliveryId, due: new Date(payload.due) })),
      );
    },
  },
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
