import { defineJob } from '../../jobs/queue.ts';
import { checkBudgets, overdueAndReminders, rerate, runAutoPay, runInvoices, settlePayment } from './service.ts';

/** The monthly invoice run: drafts for last month on the 1st (03:15 UTC), for staff to review and finalize. */
export const invoiceRunJob = defineJob<{ month?: string }>(
  'billing.invoice-run',
  async (ctx, payload) => {
    const result = await runInvoices(ctx, payload?.month);
    ctx.log.info(result, 'invoice run');
  },
  { cron: '15 3 1 * *', retry: { limit: 2, delaySeconds: 600 }, timeoutSeconds: 3600 },
);

/** Daily (06:05 UTC): Due → Overdue past the due date, and the automatic reminders. */
export const overdueJob = defineJob(
  'billing.overdue-and-reminders',
  async (ctx) => {
    const result = await overdueAndReminders(ctx);
    ctx.log.info(result, 'overdue invoices and reminders');
  },
  { cron: '5 6 * * *', retry: { limit: 2, delaySeconds: 600 } },
);

/** Daily (12:20 UTC): auto-pay charges due invoices; failures retry after 3, 7 and 14 days, then dunning. */
export const autoPayJob = defineJob(
  'billing.auto-pay',
  async (ctx) => {
    const result = await runAutoPay(ctx);
    ctx.log.info(result, 'auto-pay');
  },
  { cron: '20 12 * * *', retry: { limit: 1, delaySeconds: 900 } },
);

/** A pending gateway payment's outcome. */
export const settlePaymentJob = defineJob<{ paymentId: string }>(
  'billing.settle-payment',
  async (ctx, payload) => {
    await settlePayment(ctx, payload.paymentId);
  },
  { retry: { limit: 5, delaySeconds: 60 } },
);

/** Re-rating a period after a deck change (staff action). */
export const rerateJob = defineJob<{ accountId?: string; from: string; to: string }>(
  'billing.rerate',
  async (ctx, payload) => {
    const count = await rerate(ctx, payload);
    ctx.log.info({ count }, 'calls re-rated');
  },
  { retry: { limit: 1, delaySeconds: 300 }, timeoutSeconds: 3600 },
);

/** Hourly: budget alerts at 75, 90 and 100 % of an account's monthly budget. */
export const budgetJob = defineJob(
  'billing.budget-alerts',
  async (ctx) => {
    await checkBudgets(ctx);
  },
  { cron: '40 * * * *', retry: { limit: 1, delaySeconds: 300 } },
);
