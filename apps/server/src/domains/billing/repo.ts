import type { INVOICE_SORTS, TInvoiceLifecycle } from '@portal/contract/billing';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import {
  accountServices,
  accounts,
  customers,
  invoiceLines as invoiceLinesTable,
  invoices,
  payments,
  phoneNumbers,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/paging.ts';

/** Payment methods, payments, the cards and budgets: payment-repo.ts (re-exported, one repo for the service). */
export * from './payment-repo.ts';

export async function customerExists(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row;
}

/** Monthly recurring cost: active services plus the fees of the numbers on the customer's live accounts. */
export async function monthlyCost(db: DbOrTx, customerId: string): Promise<number> {
  const [services] = await db
    .select({ total: sql<string>`coalesce(sum(${accountServices.monthlyCost}), 0)` })
    .from(accountServices)
    .innerJoin(accounts, eq(accounts.id, accountServices.accountId))
    .where(and(eq(accounts.customerId, customerId), isNull(accounts.deletedAt), eq(accountServices.status, 'active')));
  const [numbers] = await db
    .select({ total: sql<string>`coalesce(sum(${phoneNumbers.monthlyFee}), 0)` })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(and(eq(accounts.customerId, customerId), isNull(accounts.deletedAt)));
  return Math.round((Number(services?.total ?? 0) + Number(numbers?.total ?? 0)) * 100) / 100;
}

export async function lastInvoice(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ amount: invoices.amount, issueDate: invoices.issueDate, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), sql`${invoices.status} NOT IN ('Draft', 'Void')`))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
    .limit(1);
  return row;
}

// ---- invoices ------------------------------------------------------------------------------------

export interface InvoiceRow {
  id: string;
  number: string | null;
  customer_id: string;
  customer_name: string;
  account_id: string | null;
  account_name: string | null;
  issue_date: string;
  due_date: string | null;
  period_start: string | null;
  period_end: string | null;
  amount: string;
  amount_paid: string;
  status: TInvoiceLifecycle;
  last_reminder_at: Date | string | null;
  finalized_at: Date | string | null;
  voided_at: Date | string | null;
  void_reason: string | null;
  paid_at: Date | string | null;
  auto_pay_attempts: number;
}

const INVOICE_COLUMNS = sql`i.id, i.invoice_number AS number, i.customer_id, c.name AS customer_name, i.account_id, a.name AS account_name,
  i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.period_start::text AS period_start, i.period_end::text AS period_end,
  i.amount, i.amount_paid, i.status, i.last_reminder_at, i.finalized_at, i.voided_at, i.void_reason, i.paid_at, i.auto_pay_attempts`;

const INVOICE_SORT_SQL: Record<(typeof INVOICE_SORTS)[number], SQL> = {
  issueDate: sql`i.issue_date`,
  dueDate: sql`i.due_date`,
  amount: sql`i.amount`,
  number: sql`i.invoice_number`,
  customer: sql`c.name`,
};

export interface InvoiceFilter {
  customerId: string | null;
  accountId: string | null;
  status?: TInvoiceLifecycle | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  /** Customers never see drafts. */
  includeDrafts: boolean;
}

function invoiceWhere(f: InvoiceFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.customerId) parts.push(sql`i.customer_id = ${f.customerId}`);
  if (f.accountId) parts.push(sql`i.account_id = ${f.accountId}`);
  if (f.status) parts.push(sql`i.status = ${f.status}`);
  if (!f.includeDrafts) parts.push(sql`i.status <> 'Draft'`);
  if (f.from) parts.push(sql`i.issue_date >= ${f.from}`);
  if (f.to) parts.push(sql`i.issue_date <= ${f.to}`);
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql`(i.invoice_number ILIKE ${p} OR c.name ILIKE ${p} OR a.name ILIKE ${p})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listInvoices(
  db: DbOrTx,
  f: InvoiceFilter,
  order: { sort: (typeof INVOICE_SORTS)[number]; dir: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = invoiceWhere(f);
  const dir = order.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT ${INVOICE_COLUMNS} FROM invoices i JOIN customers c ON c.id = i.customer_id LEFT JOIN accounts a ON a.id = i.account_id
      WHERE ${where} ORDER BY ${INVOICE_SORT_SQL[order.sort]} ${dir} NULLS LAST, i.created_at ${dir}, i.id ${dir} LIMIT ${limit} OFFSET ${offset}`),
    db.execute(
      sql`SELECT count(*)::int AS n FROM invoices i JOIN customers c ON c.id = i.customer_id LEFT JOIN accounts a ON a.id = i.account_id WHERE ${where}`,
    ),
  ]);
  return { rows: rowsOf<InvoiceRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

export async function findInvoice(db: DbOrTx, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const result = await db.execute(sql`SELECT ${INVOICE_COLUMNS} FROM invoices i JOIN customers c ON c.id = i.customer_id
    LEFT JOIN accounts a ON a.id = i.account_id WHERE i.id = ${id} ${lock ? sql`FOR UPDATE OF i` : sql``}`);
  return rowsOf<InvoiceRow>(result)[0];
}

export async function invoiceLines(db: DbOrTx, invoiceId: string) {
  return db.select().from(invoiceLinesTable).where(eq(invoiceLinesTable.invoiceId, invoiceId)).orderBy(invoiceLinesTable.position);
}

export async function invoicePayments(db: DbOrTx, invoiceId: string) {
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.paidAt));
}

/** Who an invoice is billed to: the account's own billing contact (custom billing) or the customer's. */
export async function billToOf(db: DbOrTx, customerId: string, accountId: string | null) {
  const result = await db.execute(sql`SELECT c.name, c.email AS customer_email, c.address AS customer_address,
      c.billing_contact_name, c.billing_contact_email,
      a.use_customer_billing, a.billing_contact_name AS account_contact, a.billing_contact_email AS account_email, a.billing_address AS account_address
    FROM customers c LEFT JOIN accounts a ON a.id = ${accountId} WHERE c.id = ${customerId}`);
  const r = rowsOf<{
    name: string;
    customer_email: string | null;
    customer_address: string | null;
    billing_contact_name: string | null;
    billing_contact_email: string | null;
    use_customer_billing: boolean | null;
    account_contact: string | null;
    account_email: string | null;
    account_address: string | null;
  }>(result)[0];
  if (!r) return { name: '', contact: null, email: null, address: null };
  const own = r.use_customer_billing === false;
  return {
    name: r.name,
    contact: (own ? r.account_contact : null) ?? r.billing_contact_name,
    email: (own ? r.account_email : null) ?? r.billing_contact_email ?? r.customer_email,
    address: (own ? r.account_address : null) ?? r.customer_address,
  };
}

/**
 * The accounts an invoice covers: one account, or the customer's accounts on the customer's
 * billing that no invoice of their own already bills for the period.
 */
export async function billedAccounts(db: DbOrTx, customerId: string, accountId: string | null, periodStart?: string) {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, customerId),
        isNull(accounts.deletedAt),
        accountId ? eq(accounts.id, accountId) : eq(accounts.useCustomerBilling, true),
        !accountId && periodStart
          ? sql`NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = ${accounts.id} AND i.period_start = ${periodStart}::date AND i.status <> 'Void')`
          : undefined,
      ),
    )
    .orderBy(accounts.name);
}

/** Rated usage per account and service over a period, from the daily rollups (not the raw records). */
export async function usageTotals(db: DbOrTx, accountIds: string[], from: string, to: string) {
  if (accountIds.length === 0) return [];
  const result =
    await db.execute(sql`SELECT account_id, service, sum(volume)::int AS volume, sum(units)::bigint AS units, sum(revenue)::numeric(14,2) AS revenue
    FROM usage_daily WHERE account_id IN (${sql.join(
      accountIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND day >= ${from} AND day <= ${to} GROUP BY account_id, service`);
  return rowsOf<{ account_id: string; service: string; volume: number; units: string; revenue: string }>(result).map((r) => ({
    accountId: r.account_id,
    service: r.service,
    volume: Number(r.volume),
    units: Number(r.units),
    revenue: Number(r.revenue),
  }));
}

/** The numbers each account held at the end of the period, grouped by type and fee. */
export async function numberFees(db: DbOrTx, accountIds: string[], periodEnd: string) {
  if (accountIds.length === 0) return [];
  const result = await db.execute(sql`SELECT account_id, type, monthly_fee, count(*)::int AS n FROM phone_numbers
    WHERE account_id IN (${sql.join(
      accountIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND (assigned_at IS NULL OR assigned_at < (${periodEnd}::date + 1)) GROUP BY account_id, type, monthly_fee ORDER BY account_id, type, monthly_fee`);
  return rowsOf<{ account_id: string; type: string; monthly_fee: string; n: number }>(result).map((r) => ({
    accountId: r.account_id,
    type: r.type,
    fee: Number(r.monthly_fee),
    count: Number(r.n),
  }));
}

export async function activeServices(db: DbOrTx, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: accountServices.accountId, name: accountServices.name, monthlyCost: accountServices.monthlyCost })
    .from(accountServices)
    .where(and(inArray(accountServices.accountId, accountIds), eq(accountServices.status, 'active')))
    .orderBy(accountServices.accountId, accountServices.name);
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing().returning({ id: invoices.id });
  return row;
}

export async function insertLines(db: DbOrTx, values: (typeof invoiceLinesTable.$inferInsert)[]) {
  if (values.length) await db.insert(invoiceLinesTable).values(values);
}

export async function setInvoiceAmount(db: DbOrTx, id: string) {
  await db.execute(
    sql`UPDATE invoices SET amount = coalesce((SELECT sum(amount) FROM invoice_lines WHERE invoice_id = ${id}), 0) WHERE id = ${id}`,
  );
}

export async function updateInvoice(db: DbOrTx, id: string, values: Partial<typeof invoices.$inferInsert>) {
  await db.update(invoices).set(values).where(eq(invoices.id, id));
}

export async function deleteInvoice(db: DbOrTx, id: string) {
  await db.delete(invoices).where(eq(invoices.id, id));
}

/** The next gapless number of the prefix and year: the counter row stays locked until the transaction ends. */
export async function nextInvoiceNumber(db: DbOrTx, prefix: string, year: number): Promise<number> {
  const result = await db.execute(sql`INSERT INTO invoice_counters (prefix, year, last) VALUES (${prefix}, ${year}, 1)
    ON CONFLICT (prefix, year) DO UPDATE SET last = invoice_counters.last + 1 RETURNING last`);
  const n = rowsOf<{ last: number }>(result)[0]?.last;
  if (!n) throw new Error('invoice counter returned nothing');
  return Number(n);
}

/** Finalized invoices past their due date become Overdue. */
export async function markOverdue(db: DbOrTx, today: string) {
  const result = await db.execute(
    sql`UPDATE invoices SET status = 'Overdue' WHERE status = 'Due' AND due_date < ${today} RETURNING id, customer_id, invoice_number`,
  );
  return rowsOf<{ id: string; customer_id: string; invoice_number: string }>(result);
}

/** Customers and accounts billed for a month that have no invoice for it yet (an account's own invoice counts too). */
export async function unbilledForPeriod(db: DbOrTx, periodStart: string) {
  const result = await db.execute(sql`
    SELECT DISTINCT c.id AS customer_id, CASE WHEN a.use_customer_billing THEN NULL ELSE a.id END AS account_id
    FROM accounts a JOIN customers c ON c.id = a.customer_id
    WHERE a.deleted_at IS NULL AND c.deleted_at IS NULL AND a.created_at < (${periodStart}::date + interval '1 month')
      AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period_start = ${periodStart}::date AND i.status <> 'Void')
      AND NOT (a.use_customer_billing AND EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id AND i.account_id IS NULL
        AND i.period_start = ${periodStart}::date AND i.status <> 'Void'))`);
  return rowsOf<{ customer_id: string; account_id: string | null }>(result);
}

export async function accountBilling(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ useCustomerBilling: accounts.useCustomerBilling }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function customerAutoPay(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ autoPay: customers.autoPay }).from(customers).where(eq(customers.id, customerId));
  return row?.autoPay ?? false;
}

/**
 * Invoices due in three days, or overdue, with no reminder in the last seven days: the automatic
 * reminders (at most one a week per invoice).
 */
export async function invoicesToRemind(db: DbOrTx, today: string): Promise<string[]> {
  const result = await db.execute(sql`SELECT id FROM invoices
    WHERE ((status = 'Due' AND due_date = ${today}::date + 3) OR status = 'Overdue')
      AND (last_reminder_at IS NULL OR last_reminder_at < now() - interval '7 days') ORDER BY due_date LIMIT 500`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
