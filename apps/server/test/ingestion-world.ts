import type { TPlatformTokenCreated } from '@portal/contract/ingestion';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, phoneNumbers } from '../src/db/schema/index.ts';
import { apiTestWorld } from './world.ts';

/**
 * The platform ingestion tests' world: the app on its own seeded database, platform tokens, a
 * caller of /ingest/v1, an Acme Voice number with its account, yesterday's times, a CDR record
 * maker and the rollup of an account's service on a day.
 */

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Yesterday at 10:00 UTC, and its day. */
const yesterday = new Date(Date.now() - 86_400_000);
export const day = yesterday.toISOString().slice(0, 10);
export const at = (hh: string) => `${day}T${hh}Z`;

/** A CDR record of yesterday as the platform sends it. */
export function cdr(
  callId: string,
  direction: 'Inbound' | 'Outbound',
  from: string,
  to: string,
  status: string,
  durationSeconds: number,
  time = '10:00:00',
) {
  return { callId, from, to, startedAt: at(time), durationSeconds, status, direction };
}

export async function ingestionTestWorld() {
  const world = await apiTestWorld();
  const { t, api, db, acme } = world;

  async function newToken(name = `Switch ${Math.random().toString(36).slice(2, 8)}`) {
    const res = await api.as('staff:admin').post<TPlatformTokenCreated>('/api/platform-tokens', { name });
    expect(res.status, res.body).toBe(201);
    return res.json();
  }

  const post = (token: string | null, path: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/ingest/v1${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object,
    });

  /** An Acme account's Voice number and its account. */
  const [voice] = await db
    .select({ number: phoneNumbers.number, accountId: phoneNumbers.accountId })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(and(eq(phoneNumbers.customerId, acme.id), sql`'Voice' = ANY(${phoneNumbers.features})`, sql`${accounts.deletedAt} IS NULL`))
    .orderBy(phoneNumbers.number)
    .limit(1);
  const acmeNumber = voice?.number as string;
  const acmeAccount = voice?.accountId as string;

  async function usage(accountId: string, service: 'Voice' | 'SMS', onDay = day) {
    const [row] = rowsOf<{ volume: number; succeeded: number; failed: number; units: number; revenue: string }>(
      await db.execute(sql`SELECT volume, succeeded, failed, units, revenue::text AS revenue FROM usage_daily
        WHERE account_id = ${accountId} AND service = ${service} AND day = ${onDay}`),
    );
    return {
      volume: row?.volume ?? 0,
      succeeded: row?.succeeded ?? 0,
      failed: row?.failed ?? 0,
      units: row?.units ?? 0,
      revenue: Number(row?.revenue ?? 0),
    };
  }

  return { ...world, newToken, post, acmeNumber, acmeAccount, usage };
}
