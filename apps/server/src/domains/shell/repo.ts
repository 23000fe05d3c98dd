import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices } from '../../db/schema/index.ts';

/** customerId null = the provider's whole book (staff); otherwise one customer's scope. */
export async function countOpenInvoices(db: DbOrTx, customerId: string | null): Promise<number> {
  const open = inArray(invoices.status, ['Due', 'Overdue']);
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(open, isNull(customers.deletedAt), customerId ? eq(invoices.customerId, customerId) : undefined));
  return row?.n ?? 0;
}

export async function customerName(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt), scopeCustomerId ? eq(customers.id, scopeCustomerId) : undefined));
  return row;
}
