/** The scheduled work on invoices: the monthly run, and the daily overdue marking with its reminders. */
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { getSettings } from '../../lib/settings.ts';
import { auditFor } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import { draftInvoice, fmtDay, sendReminder, ymd } from './invoices.ts';
import * as repo from './repo.ts';

const audit = auditFor('invoice');

/** The monthly run: a draft for every customer (and custom-billed account) not yet invoiced for the month. */
export async function runInvoices(ctx: Ctx, month?: string): Promise<{ drafted: number; skipped: number; month: string }> {
  const now = new Date();
  const start = month ?? ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const [y, m] = start.split('-').map(Number) as [number, number];
  const end = ymd(new Date(Date.UTC(y, m, 0)));
  const targets = await repo.unbilledForPeriod(ctx.db, start);
  let drafted = 0;
  let skipped = 0;
  for (const t of targets) {
    const id = await inTransaction(ctx, (tx) =>
      draftInvoice(tx, { customerId: t.customer_id, accountId: t.account_id, periodStart: start, periodEnd: end }),
    );
    if (id) drafted++;
    else skipped++;
  }
  await inTransaction(ctx, (tx) =>
    audit(tx, 'invoice.run', { id: null, customerId: null }, `Invoice run for ${fmtDay(start)} to ${fmtDay(end)}: ${drafted} drafts`),
  );
  return { drafted, skipped, month: start };
}

/** Daily: Due invoices past their due date become Overdue; with sendPaymentReminders, reminders go out. */
export async function overdueAndReminders(ctx: Ctx, now = new Date()): Promise<{ overdue: number; reminded: number }> {
  const today = ymd(now);
  const overdue = await inTransaction(ctx, async (tx) => {
    const rows = await repo.markOverdue(tx.db, today);
    for (const r of rows)
      await notifyUsers(tx, await customerAdminIds(tx, r.customer_id), {
        event: 'invoiceOverdue',
        title: 'Invoice overdue',
        message: `Invoice ${r.invoice_number} is past its due date.`,
        link: `/customer/billing?invoice=${r.id}`,
      });
    return rows;
  });
  const settings = await getSettings(ctx.db);
  let reminded = 0;
  if (settings.sendPaymentReminders) {
    for (const id of await repo.invoicesToRemind(ctx.db, today)) {
      try {
        await sendReminder(ctx, id, { automatic: true });
        reminded++;
      } catch (err) {
        ctx.log.warn({ err, invoice: id }, 'automatic reminder skipped');
      }
    }
  }
  return { overdue: overdue.length, reminded };
}
