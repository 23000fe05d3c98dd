import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountServices, accounts, customers, invoices, paymentMethods, phoneNumbers } from '../../db/schema/index.ts';

export async function customerExists(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row;
}

/** The customer's own methods (account-level custom billing methods are separate). */
const customerLevel = (customerId: string) =>
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

export async function insertPaymentMethod(db: DbOrTx, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row;
}

export async function updateBillingContact(
  db: DbOrTx,
  customerId: string,
  values: { billingContactName: string; billingContactTitle: string | null; billingContactEmail: string; billingContactPhone: string },
) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .returning();
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
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
    .limit(1);
  return row;
}
