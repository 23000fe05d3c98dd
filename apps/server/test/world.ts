import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { customers } from '../src/db/schema/index.ts';
import { testClient } from './client.ts';
import { createTestApp } from './helpers.ts';

/**
 * One API test file's world: the app on its own copy of the seeded database (closed after the
 * file), the typed client, and the two demo tenants (Acme CUST-1001, Globex CUST-1002).
 */
export async function apiTestWorld() {
  const t = await createTestApp();
  afterAll(() => t.close());
  const api = await testClient(t.app);
  const db = t.database.db;
  const tenant = async (code: string) => {
    const [row] = await db.select().from(customers).where(eq(customers.customerCode, code));
    if (!row) throw new Error(`The seed has no customer ${code}`);
    return row;
  };
  return { t, api, db, acme: await tenant('CUST-1001'), globex: await tenant('CUST-1002') };
}
