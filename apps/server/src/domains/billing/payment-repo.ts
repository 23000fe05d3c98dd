import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { accounts, customers, paymentMethods, payments } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

/** The rows of a raw statement (node-postgres and PGlite both answer { rows }). */

/** The customer's own methods (account-level custom billing methods are separate). */
export const customerLevel = (customerId: string) =>
  and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.accountId), isNull(paymentMethods.deletedAt));

export async function listPaymentMethods(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(customerLevel(customerId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), paymentMethods.id);
}

export async function countPaymentMethods(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentMethods).where(customerLevel(customerId));
  return row?.n ?? 0;
}

export async function clearDefault(db: DbOrTx, customerId: string) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(customerLevel(customerId), eq(paymentMethods.isDefault, true)));
}

export const insertPaymentMethod = (db: DbOrTx, values: typeof paymentMethods.$inferInsert) => insertRow(db, paymentMethods, values);

// ---- payments ------------------------------------------------------------------------------------

export async function hasPendingPayment(db: DbOrTx, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'Pending')))
    .limit(1);
  return Boolean(row);
}

export const insertPayment = (db: DbOrTx, values: typeof payments.$inferInsert) => insertRow(db, payments, values);

export async function findPayment(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(payments).where(eq(payments.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export async function updatePayment(db: DbOrTx, id: string, values: Partial<typeof payments.$inferInsert>) {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** A live method of the customer's (its own or one of its accounts'). */
export async function findPaymentMethod(db: DbOrTx, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId), isNull(paymentMethods.deletedAt)));
  return row;
}

export async function defaultMethod(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(customerLevel(customerId), eq(paymentMethods.isDefault, true)));
  return row;
}

export async function setDefaultMethod(db: DbOrTx, customerId: string, id: string) {
  await clearDefault(db, customerId);
  const [row] = await db
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(customerLevel(customerId), eq(paymentMethods.id, id)))
    .returning();
  return row;
}

export async function softDeleteMethod(db: DbOrTx, id: string) {
  await db.update(paymentMethods).set({ deletedAt: new Date(), isDefault: false }).where(eq(paymentMethods.id, id));
}

export async function setDunning(db: DbOrTx, customerId: string, at: Date | null) {
  await db.update(customers).set({ dunningSince: at }).where(eq(customers.id, customerId));
}

export async function setAutoPay(db: DbOrTx, customerId: string, autoPay: boolean) {
  // turning auto-pay on again (after fixing the method) starts the retries over and ends dunning
  await db
    .update(customers)
    .set({ autoPay, ...(autoPay ? { dunningSince: null } : {}), updatedAt: new Date() })
    .where(eq(customers.id, customerId));
  // invoices already due are charged by the next run; turning it off stops their charges
  await db.execute(sql`UPDATE invoices SET auto_pay_attempts = 0,
      next_auto_pay_at = ${autoPay ? sql`greatest(due_date::timestamptz + interval '12 hours', now())` : sql`NULL`}
    WHERE customer_id = ${customerId} AND status IN ('Due', 'Overdue')`);
}

/** Invoices whose auto-pay charge is due now (customers with auto-pay on). */
export async function autoPayDue(db: DbOrTx, now: Date) {
  const result = await db.execute(sql`SELECT i.id, i.customer_id, i.invoice_number, i.due_date::text AS due_date, i.auto_pay_attempts
    FROM invoices i JOIN customers c ON c.id = i.customer_id
    WHERE c.auto_pay AND i.status IN ('Due', 'Overdue') AND i.next_auto_pay_at <= ${now}
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id AND p.status = 'Pending') ORDER BY i.next_auto_pay_at LIMIT 1000`);
  return rowsOf<{ id: string; customer_id: string; invoice_number: string; due_date: string; auto_pay_attempts: number }>(result).map(
    (r) => ({
      invoiceId: r.id,
      customerId: r.customer_id,
      number: r.invoice_number,
      dueDate: r.due_date,
      attempts: Number(r.auto_pay_attempts),
    }),
  );
}

export interface PaymentRow {
  id: string;
  customer_id: string;
  customer_name: string;
  account_id: string | null;
  account_name: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  amount: string;
  method: string;
  status: 'Successful' | 'Failed' | 'Pending';
  gateway_reference: string | null;
  failure_reason: string | null;
  paid_at: Date | string;
}

export async function listPayments(
  db: DbOrTx,
  f: {
    customerId: string | null;
    accountId: string | null;
    status?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    search?: string | undefined;
  },
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const parts: SQL[] = [sql`true`];
  if (f.customerId) parts.push(sql`p.customer_id = ${f.customerId}`);
  if (f.accountId) parts.push(sql`p.account_id = ${f.accountId}`);
  if (f.status) parts.push(sql`p.status = ${f.status}`);
  if (f.from) parts.push(sql`p.paid_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`p.paid_at < ${f.to}::date + 1`);
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql`(i.invoice_number ILIKE ${p} OR p.method ILIKE ${p} OR c.name ILIKE ${p} OR a.name ILIKE ${p})`);
  }
  const where = sql.join(parts, sql` AND `);
  const from = sql`FROM payments p JOIN customers c ON c.id = p.customer_id LEFT JOIN accounts a ON a.id = p.account_id LEFT JOIN invoices i ON i.id = p.invoice_id`;
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT p.id, p.customer_id, c.name AS customer_name, p.account_id, a.name AS account_name, p.invoice_id, i.invoice_number,
      p.amount, p.method, p.status, p.gateway_reference, p.failure_reason, p.paid_at ${from} WHERE ${where}
      ORDER BY p.paid_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`),
    withTotal ? db.execute(sql`SELECT count(*)::int AS n ${from} WHERE ${where}`) : Promise.resolve({ rows: [{ n: 0 }] }),
  ]);
  return { rows: rowsOf<PaymentRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

// ---- overview ------------------------------------------------------------------------------------

export async function overviewFigures(db: DbOrTx, customerId: string | null, accountId: string | null) {
  const scope = sql`${customerId ? sql`AND customer_id = ${customerId}` : sql``} ${accountId ? sql`AND account_id = ${accountId}` : sql``}`;
  const result = await db.execute(sql`SELECT
      coalesce(sum(amount - amount_paid) FILTER (WHERE status IN ('Due', 'Overdue')), 0) AS outstanding,
      count(*) FILTER (WHERE status = 'Overdue')::int AS overdue_count,
      coalesce(sum(amount - amount_paid) FILTER (WHERE status = 'Overdue'), 0) AS overdue_amount,
      count(*) FILTER (WHERE status IN ('Due', 'Overdue'))::int AS open_count,
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE status = 'Successful' AND paid_at >= date_trunc('month', now()) ${scope}) AS revenue_this,
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE status = 'Successful' AND paid_at >= date_trunc('month', now()) - interval '1 month'
         AND paid_at < date_trunc('month', now()) ${scope}) AS revenue_last
    FROM invoices WHERE true ${scope}`);
  const r = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  return {
    outstanding: Number(r.outstanding ?? 0),
    overdueCount: Number(r.overdue_count ?? 0),
    overdueAmount: Number(r.overdue_amount ?? 0),
    openCount: Number(r.open_count ?? 0),
    revenueThis: Number(r.revenue_this ?? 0),
    revenueLast: Number(r.revenue_last ?? 0),
  };
}

export async function lastPayment(db: DbOrTx, customerId: string | null, accountId: string | null) {
  const [row] = await db
    .select({ amount: payments.amount, paidAt: payments.paidAt, method: payments.method })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'Successful'),
        customerId ? eq(payments.customerId, customerId) : undefined,
        accountId ? eq(payments.accountId, accountId) : undefined,
      ),
    )
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}

export async function customerBillingFlags(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ autoPay: customers.autoPay, dunningSince: customers.dunningSince })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Month-to-date rated usage of the accounts (the rollups). */
export async function usageThisMonth(db: DbOrTx, customerId: string | null, accountId: string | null): Promise<number> {
  const result = await db.execute(sql`SELECT coalesce(sum(revenue), 0) AS total FROM usage_daily
    WHERE day >= date_trunc('month', now())::date AND service IN ('Voice', 'SMS') ${customerId ? sql`AND customer_id = ${customerId}` : sql``} ${accountId ? sql`AND account_id = ${accountId}` : sql``}`);
  return Number(rowsOf<{ total: string }>(result)[0]?.total ?? 0);
}

/** Monthly fixed fees: active services and held numbers. */
export async function fixedMonthly(db: DbOrTx, customerId: string | null, accountId: string | null): Promise<number> {
  const scope = sql`a.deleted_at IS NULL ${customerId ? sql`AND a.customer_id = ${customerId}` : sql``} ${accountId ? sql`AND a.id = ${accountId}` : sql``}`;
  const result = await db.execute(sql`SELECT
    (SELECT coalesce(sum(s.monthly_cost), 0) FROM account_services s JOIN accounts a ON a.id = s.account_id WHERE s.status = 'active' AND ${scope})
    + (SELECT coalesce(sum(n.monthly_fee), 0) FROM phone_numbers n JOIN accounts a ON a.id = n.account_id WHERE ${scope}) AS total`);
  return Number(rowsOf<{ total: string }>(result)[0]?.total ?? 0);
}

// ---- budgets -------------------------------------------------------------------------------------

export async function setBudget(db: DbOrTx, accountId: string, monthlyBudget: number | null) {
  await db.update(accounts).set({ monthlyBudget, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

export async function setBudgetAlert(db: DbOrTx, accountId: string, level: number, month: string) {
  await db.update(accounts).set({ budgetAlertLevel: level, budgetAlertMonth: month }).where(eq(accounts.id, accountId));
}

/** Accounts with a budget and their month-to-date rated usage. */
export async function budgetUsage(db: DbOrTx) {
  const result = await db.execute(sql`SELECT a.id, a.customer_id, a.name, a.monthly_budget, a.budget_alert_level, a.budget_alert_month,
      coalesce((SELECT sum(revenue) FROM usage_daily u WHERE u.account_id = a.id AND u.service IN ('Voice', 'SMS')
        AND u.day >= date_trunc('month', now())::date), 0) AS used
    FROM accounts a WHERE a.monthly_budget IS NOT NULL AND a.deleted_at IS NULL`);
  return rowsOf<{
    id: string;
    customer_id: string;
    name: string;
    monthly_budget: string;
    budget_alert_level: number | null;
    budget_alert_month: string | null;
    used: string;
  }>(result).map((r) => ({
    accountId: r.id,
    customerId: r.customer_id,
    name: r.name,
    budget: Number(r.monthly_budget),
    alertLevel: r.budget_alert_level,
    alertMonth: r.budget_alert_month,
    used: Number(r.used),
  }));
}

export async function accountBudget(db: DbOrTx, accountId: string): Promise<number | null> {
  const [row] = await db.select({ budget: accounts.monthlyBudget }).from(accounts).where(eq(accounts.id, accountId));
  return row?.budget ?? null;
}
