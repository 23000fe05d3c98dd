import { getTableName } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** Inserts one row and answers it as stored (defaults and generated ids filled in). */
export async function insertRow<T extends PgTable>(db: DbOrTx, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  if (!row) throw new Error(`${getTableName(table)} insert returned nothing`);
  return row as T['$inferSelect'];
}
