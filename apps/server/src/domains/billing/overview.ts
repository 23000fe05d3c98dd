/** The billing cards (both portals, any scope) and the monthly budget alerts. */
import type { TBillingOverview } from '@portal/contract/billing';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { recordAudit } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import * as repo from './repo.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function billingOverview(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<TBillingOverview> {
  const scope = await resolveListScope(ctx, q);
  const [figures, last, usage, fixed, flags, budget] = await Promise.all([
    repo.overviewFigures(ctx.db, scope.customerId, scope.accountId),
    repo.lastPayment(ctx.db, scope.customerId, scope.accountId),
    repo.usageThisMonth(ctx.db, scope.customerId, scope.accountId),
    repo.fixedMonthly(ctx.db, scope.customerId, scope.accountId),
    scope.customerId ? repo.customerBillingFlags(ctx.db, scope.customerId) : Promise.resolve(undefined),
    scope.accountId ? repo.accountBudget(ctx.db, scope.accountId) : Promise.resolve(null),
  ]);
  const now = new Date();
  return {
    totalOutstanding: round2(figures.outstanding),
    overdueCount: figures.overdueCount,
    overdueAmount: round2(figures.overdueAmount),
    revenueThisMonth: round2(figures.revenueThis),
    revenueLastMonth: round2(figures.revenueLast),
    nextInvoiceEstimate: round2(usage + (scope.customerId ? fixed : 0)),
    nextInvoiceDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
    lastPayment: last ? { amount: last.amount, paidAt: last.paidAt.toISOString(), method: last.method } : null,
    autoPay: flags ? flags.autoPay : null,
    dunningSince: flags?.dunningSince ? flags.dunningSince.toISOString() : null,
    openInvoices: figures.openCount,
    monthlyBudget: budget,
  };
}

export async function setBudget(ctx: Ctx, accountId: string, monthlyBudget: number | null): Promise<{ ok: true }> {
  const scope = await resolveListScope(ctx, {});
  const account = await findAccountInScope(ctx.db, accountId, scope.customerId);
  if (!account) throw notFound('Account');
  await inTransaction(ctx, async (tx) => {
    await repo.setBudget(tx.db, accountId, monthlyBudget);
    await recordAudit(tx, {
      action: 'account.budget',
      entityType: 'account',
      entityId: accountId,
      customerId: account.customerId,
      summary:
        monthlyBudget == null
          ? `Removed the monthly budget of ${account.name}`
          : `Set the monthly budget of ${account.name} to $${monthlyBudget.toFixed(2)}`,
    });
  });
  return { ok: true };
}

/** The budget thresholds, in percent; each is told once a month. */
export const BUDGET_LEVELS = [75, 90, 100] as const;

/** Hourly: accounts whose month-to-date usage crossed 75, 90 or 100 % of their budget tell the customer's Admins once per level. */
export async function checkBudgets(ctx: Ctx, now = new Date()): Promise<number> {
  const month = now.toISOString().slice(0, 7);
  let alerts = 0;
  for (const a of await repo.budgetUsage(ctx.db)) {
    const pct = (a.used / a.budget) * 100;
    const level = [...BUDGET_LEVELS].reverse().find((l) => pct >= l);
    const already = a.alertMonth === month ? (a.alertLevel ?? 0) : 0;
    if (!level || level <= already) continue;
    await inTransaction(ctx, async (tx) => {
      await repo.setBudgetAlert(tx.db, a.accountId, level, month);
      await notifyUsers(tx, await customerAdminIds(tx, a.customerId), {
        event: level === 100 ? 'usageThreshold100' : level === 90 ? 'usageThreshold90' : 'usageThreshold75',
        title: `Usage at ${level}% of budget`,
        message: `${a.name} has used $${a.used.toFixed(2)} of its $${a.budget.toFixed(2)} monthly budget (${Math.floor(pct)}%).`,
        link: `/customer/accounts/${a.accountId}/billing`,
      });
    });
    alerts++;
  }
  return alerts;
}
