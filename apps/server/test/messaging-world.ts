import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { campaigns, phoneNumbers } from '../src/db/schema/index.ts';

/**
 * A customer's account that may send messages: the account of its first number under an approved
 * campaign (`linked`), given a free toll-free SMS number of its own (`tfn`); `unlinked` is a local
 * number of that account under no campaign, when it has one.
 */
export async function sendingAccount(db: Db, customerId: string) {
  const [row] = await db
    .select({ accountId: phoneNumbers.accountId, number: phoneNumbers.number })
    .from(phoneNumbers)
    .innerJoin(campaigns, eq(campaigns.id, phoneNumbers.campaignId))
    .where(and(eq(phoneNumbers.customerId, customerId), eq(campaigns.status, 'Approved')))
    .limit(1);
  const accountId = row?.accountId as string;
  const [tfn] = await db
    .update(phoneNumbers)
    .set({ customerId, accountId, features: ['Voice', 'SMS'] })
    .where(sql`${phoneNumbers.id} = (SELECT id FROM phone_numbers WHERE customer_id IS NULL AND type = 'TFN' LIMIT 1)`)
    .returning({ number: phoneNumbers.number });
  const [unlinked] = await db
    .select({ number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.type, 'DID'), sql`${phoneNumbers.campaignId} IS NULL`))
    .limit(1);
  return { accountId, linked: row?.number as string, tfn: tfn?.number as string, unlinked: unlinked?.number };
}
