import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, users } from '../../db/schema/index.ts';

export async function findCompany(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ customer: customers, managerName: users.name })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.accountManagerId))
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  return row;
}
