import type { TDncSummary } from '@portal/contract/compliance';
import type { TIngestCdrsResult } from '@portal/contract/ingestion';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, cdrs, phoneNumbers } from '../src/db/schema/index.ts';
import { cdr, day, ingestionTestWorld, rowsOf } from './ingestion-world.ts';

/** Platform ingestion obeys the customer's Do Not Originate (DNO) list: such calls are refused, stored nowhere, and counted. */

const { api, db, acme, newToken, post, acmeNumber, acmeAccount, usage } = await ingestionTestWorld();

describe('POST /ingest/v1/cdrs and the DNO list', () => {
  it("refuses (stores nothing of) a call whose calling number is on its customer's DNO list, by number or block, and counts it", async () => {
    const { token } = await newToken();
    const run = `dno${Date.now()}`;
    const [globexVoice] = await db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .where(and(sql`${phoneNumbers.customerId} <> ${acme.id}`, sql`${accounts.deletedAt} IS NULL`))
      .orderBy(phoneNumbers.number)
      .limit(1);
    const otherNumber = globexVoice?.number as string;
    // Acme's DNO list: its own number (it must never originate calls) and the 646 area code
    for (const number of [acmeNumber, '646']) {
      const res = await api.as('customer:admin').post('/api/compliance/entries', { number, listType: 'DNO' });
      expect(res.status, res.body).toBe(201);
    }
    const blocksBefore = await blocked(acme.id);
    const before = await usage(acmeAccount, 'Voice');

    const res = await post(token, '/cdrs', {
      records: [
        cdr(`${run}-1`, 'Outbound', acmeNumber, '+14155550101', 'Completed', 30),
        cdr(`${run}-2`, 'Inbound', '+16465550100', acmeNumber, 'Completed', 30),
        cdr(`${run}-3`, 'Inbound', '+13125550100', acmeNumber, 'Completed', 30),
        // 646 is on Acme's list, not on the other customer's
        cdr(`${run}-4`, 'Inbound', '+16465550100', otherNumber, 'Completed', 30),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TIngestCdrsResult>()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [
        { index: 0, callId: `${run}-1`, code: 'DNO_LISTED', message: `${acmeNumber} is on the customer's Do Not Originate (DNO) list` },
        {
          index: 1,
          callId: `${run}-2`,
          code: 'DNO_LISTED',
          message: "+16465550100 is on the customer's Do Not Originate (DNO) list (the block +1646)",
        },
      ],
    });
    const stored = await db
      .select({ callId: cdrs.callId })
      .from(cdrs)
      .where(sql`${cdrs.callId} LIKE ${`${run}-%`}`)
      .orderBy(cdrs.callId);
    expect(stored.map((c) => c.callId)).toEqual([`${run}-3`, `${run}-4`]);
    expect((await usage(acmeAccount, 'Voice')).volume - before.volume).toBe(1);
    // counted on the calls' UTC day, for Acme's DNO list
    expect((await blocked(acme.id)) - blocksBefore).toBe(2);
    const summary = (await api.as('customer:admin').get<TDncSummary>('/api/compliance/summary')).json();
    expect(summary.stopped.DNO).toBe(2);
  });
});

async function blocked(customerId: string) {
  const [row] = rowsOf<{ blocked: number }>(
    await db.execute(
      sql`SELECT blocked FROM compliance_blocks_daily WHERE customer_id = ${customerId} AND list_type = 'DNO' AND day = ${day}`,
    ),
  );
  return row?.blocked ?? 0;
}
