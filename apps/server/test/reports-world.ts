import type { TReport } from '@portal/contract/reports';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import {
  accounts,
  cdrs,
  customers,
  invoiceLines,
  invoices,
  messages,
  optOuts,
  phoneNumbers,
  portingRequests,
  usageDaily,
  users,
} from '../src/db/schema/index.ts';
import type { Ctx, UserActor } from '../src/lib/context.ts';
import { hashPassword } from '../src/lib/password.ts';
import { login, TEST_PASSWORD } from './helpers.ts';
import { apiTestWorld } from './world.ts';

/**
 * The reports tests' world: a small data set made by hand for a fresh customer (two live
 * accounts and a deleted one whose rows must not count), with the expected values worked out in
 * the tests' comments. The period is a fixed custom week (2026-03-01..07; the previous one is
 * 2026-02-22..28), so the figures do not depend on the day the tests run.
 */

export const WEEK = { period: 'custom', startDate: '2026-03-01', endDate: '2026-03-07' };

/** The data set: the customer, its accounts (A1, A2 live; A3 deleted), its two users, and their usage, numbers, traffic, opt-outs, porting and invoices. */
async function seedReportData(db: Db) {
  const [rc] = await db
    .insert(customers)
    .values({
      customerCode: 'CUST-9101',
      name: 'Reports Test Co',
      email: 'reports@example.com',
      phone: '+15035550100',
      address: '1 Report Way',
      city: 'Portland',
      state: 'OR',
      country: 'United States',
      status: 'active',
    })
    .returning();
  if (!rc) throw new Error('no customer');
  const accountRows = await db
    .insert(accounts)
    .values([
      { accountCode: 'ACC-9101-01', customerId: rc.id, name: 'Main' },
      { accountCode: 'ACC-9101-02', customerId: rc.id, name: 'Second' },
      { accountCode: 'ACC-9101-03', customerId: rc.id, name: 'Closed', deletedAt: new Date('2026-01-01T00:00:00Z') },
    ])
    .returning();
  const [a1, a2, a3] = accountRows.map((a) => a.id) as [string, string, string];

  const passwordHash = await hashPassword(TEST_PASSWORD);
  const userRows = await db
    .insert(users)
    .values([
      // New York: its days end five hours after UTC's in winter
      {
        email: 'reports-ny@example.com',
        name: 'Report Reader',
        kind: 'customer',
        role: 'Admin',
        customerId: rc.id,
        timezone: 'America/New_York',
        passwordHash,
      },
      {
        email: 'reports-utc@example.com',
        name: 'Report Reader UTC',
        kind: 'customer',
        role: 'User',
        customerId: rc.id,
        timezone: 'UTC',
        passwordHash,
      },
    ])
    .returning();
  const [nyUser, utcUser] = userRows as [(typeof userRows)[number], (typeof userRows)[number]];

  type Usage = Partial<typeof usageDaily.$inferInsert> & { day: string; accountId: string; service: 'SMS' | 'Voice' | 'Numbers' };
  const usage = (u: Usage) => ({ customerId: rc.id, ...u });
  const numbersDays = (accountId: string, from: number, to: number, fee: number, held: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 1, 22 + from + i)); // day 0 = 2026-02-22
      return usage({
        day: d.toISOString().slice(0, 10),
        accountId,
        service: 'Numbers',
        volume: held,
        succeeded: held,
        units: held,
        revenue: fee,
      });
    });

  await db.insert(usageDaily).values([
    // current week, SMS: outbound = volume - inbound, delivered = succeeded - inbound
    usage({
      day: '2026-03-01',
      accountId: a1,
      service: 'SMS',
      volume: 100,
      succeeded: 85,
      failed: 5,
      units: 120,
      revenue: 0.75,
      inbound: 10,
      international: 3,
      latencyMs: 36_000,
      latencyCount: 60,
    }),
    usage({
      day: '2026-03-01',
      accountId: a2,
      service: 'SMS',
      volume: 50,
      succeeded: 45,
      failed: 0,
      units: 50,
      revenue: 0.3,
      inbound: 5,
      latencyMs: 20_000,
      latencyCount: 40,
    }),
    usage({
      day: '2026-03-05',
      accountId: a1,
      service: 'SMS',
      volume: 40,
      succeeded: 30,
      failed: 10,
      units: 40,
      revenue: 0.3,
      latencyMs: 6_000,
      latencyCount: 30,
    }),
    // current week, Voice (units = billed seconds)
    usage({
      day: '2026-03-02',
      accountId: a1,
      service: 'Voice',
      volume: 20,
      succeeded: 15,
      failed: 5,
      units: 1800,
      revenue: 1.5,
      inbound: 4,
      international: 2,
    }),
    usage({
      day: '2026-03-07',
      accountId: a2,
      service: 'Voice',
      volume: 10,
      succeeded: 10,
      failed: 0,
      units: 600,
      revenue: 0.5,
      international: 1,
    }),
    // the deleted account's usage never counts
    usage({ day: '2026-03-03', accountId: a3, service: 'SMS', volume: 999, succeeded: 999, units: 999, revenue: 99 }),
    usage({ day: '2026-02-25', accountId: a3, service: 'Voice', volume: 999, succeeded: 999, units: 999, revenue: 99 }),
    // previous week
    usage({
      day: '2026-02-25',
      accountId: a1,
      service: 'SMS',
      volume: 80,
      succeeded: 70,
      failed: 10,
      units: 80,
      revenue: 0.6,
      inbound: 10,
      latencyMs: 30_000,
      latencyCount: 60,
    }),
    usage({ day: '2026-02-26', accountId: a1, service: 'Voice', volume: 10, succeeded: 8, failed: 2, units: 480, revenue: 0.4 }),
    // outside both weeks
    usage({ day: '2026-03-08', accountId: a1, service: 'SMS', volume: 7, succeeded: 7, units: 7, revenue: 7 }),
    usage({ day: '2026-02-21', accountId: a1, service: 'SMS', volume: 7, succeeded: 7, units: 7, revenue: 7 }),
    // numbers: A1 holds 3 (0.10 a day) over both weeks, A2 holds 2 (0.05 a day) in the current one
    ...numbersDays(a1, 0, 13, 0.1, 3),
    ...numbersDays(a2, 7, 13, 0.05, 2),
  ]);

  // Active numbers now: A1 3 local + 1 toll-free (and one pending); the deleted account's do not count.
  await db.insert(phoneNumbers).values([
    { number: '+19995550101', customerId: rc.id, accountId: a1, type: 'DID', features: ['Voice', 'SMS'], monthlyFee: 1 },
    { number: '+19995550102', customerId: rc.id, accountId: a1, type: 'DID', features: ['Voice', 'SMS'], monthlyFee: 1 },
    { number: '+19995550103', customerId: rc.id, accountId: a2, type: 'TFN', features: ['Voice', 'SMS'], monthlyFee: 2 },
    { number: '+19995550104', customerId: rc.id, accountId: a2, type: 'DID', features: ['Voice'], monthlyFee: 1 },
    { number: '+19995550105', customerId: rc.id, accountId: a1, type: 'DID', features: ['Voice'], monthlyFee: 1, status: 'Pending' },
    { number: '+19995550106', customerId: rc.id, accountId: a3, type: 'DID', features: ['Voice'], monthlyFee: 1 },
  ]);

  // Raw traffic of the week (only the Most Active Number and utilization read it): 0101 carries
  // 3 outbound calls and 2 outbound messages, 0102 one inbound call, 0103 one inbound message;
  // 0102's five calls the week before do not count.
  let callNo = 0;
  const call = (from: string, to: string, at: string, direction: 'Inbound' | 'Outbound') => ({
    customerId: rc.id,
    accountId: a1,
    callId: `reports-test-${++callNo}`,
    fromNumber: from,
    toNumber: to,
    startedAt: new Date(at),
    durationSeconds: 60,
    status: 'Completed' as const,
    direction,
    cost: 0.01,
  });
  await db
    .insert(cdrs)
    .values([
      call('+19995550101', '+12125550001', '2026-03-02T15:00:00Z', 'Outbound'),
      call('+19995550101', '+12125550002', '2026-03-03T15:00:00Z', 'Outbound'),
      call('+19995550101', '+12125550003', '2026-03-04T15:00:00Z', 'Outbound'),
      call('+12125550004', '+19995550102', '2026-03-04T16:00:00Z', 'Inbound'),
      ...Array.from({ length: 5 }, (_, i) => call('+19995550102', '+12125550005', `2026-02-2${i}T15:00:00Z`, 'Outbound')),
    ]);
  let messageNo = 0;
  const message = (from: string, to: string, at: string, direction: 'Inbound' | 'Outbound') => ({
    customerId: rc.id,
    accountId: direction === 'Inbound' ? a2 : a1,
    messageId: `SMreportstest${++messageNo}`,
    fromNumber: from,
    toNumber: to,
    type: 'SMS' as const,
    direction,
    status: 'Delivered' as const,
    segments: 1,
    cost: 0.0075,
    sentAt: new Date(at),
  });
  await db
    .insert(messages)
    .values([
      message('+19995550101', '+12125550006', '2026-03-05T15:00:00Z', 'Outbound'),
      message('+19995550101', '+12125550007', '2026-03-06T15:00:00Z', 'Outbound'),
      message('+12125550008', '+19995550103', '2026-03-06T16:00:00Z', 'Inbound'),
    ]);

  // Opt-outs: two in the week; one at 03:00 UTC on March 1 (still February 28 in New York), one before.
  await db.insert(optOuts).values([
    {
      customerId: rc.id,
      accountId: a1,
      number: '+12125550011',
      keyword: 'STOP',
      source: 'Inbound message',
      createdAt: new Date('2026-03-03T15:00:00Z'),
    },
    {
      customerId: rc.id,
      accountId: a2,
      number: '+12125550012',
      keyword: 'STOP',
      source: 'Inbound message',
      createdAt: new Date('2026-03-06T15:00:00Z'),
    },
    {
      customerId: rc.id,
      accountId: a1,
      number: '+12125550013',
      keyword: 'STOP',
      source: 'Manual',
      createdAt: new Date('2026-03-01T03:00:00Z'),
    },
    {
      customerId: rc.id,
      accountId: a1,
      number: '+12125550014',
      keyword: 'STOP',
      source: 'Manual',
      createdAt: new Date('2026-02-10T15:00:00Z'),
    },
  ]);

  // Porting: two open requests (In Progress, Pending Docs); a completed one and the deleted account's do not count.
  await db.insert(portingRequests).values([
    { requestCode: 'PORT-2026-9101', customerId: rc.id, accountId: a1, number: '+19995550201', status: 'In Progress' },
    { requestCode: 'PORT-2026-9102', customerId: rc.id, accountId: a2, number: '+19995550202', status: 'Pending Docs' },
    { requestCode: 'PORT-2026-9103', customerId: rc.id, accountId: a1, number: '+19995550203', status: 'Completed' },
    { requestCode: 'PORT-2026-9104', customerId: rc.id, accountId: a3, number: '+19995550204', status: 'In Progress' },
  ]);

  // Invoices: Other = service lines and positive adjustments of invoices issued in the period
  // (current: 20.00 for A1's service + 5.00 adjustment; the credit, the usage line and the draft do not count; previous: 10.00).
  const [current, draft, earlier] = await db
    .insert(invoices)
    .values([
      { invoiceNumber: 'INV-9101-1', customerId: rc.id, issueDate: '2026-03-02', amount: 121, status: 'Due' },
      { customerId: rc.id, issueDate: '2026-03-03', amount: 1000, status: 'Draft' },
      { invoiceNumber: 'INV-9101-2', customerId: rc.id, issueDate: '2026-02-23', amount: 10, status: 'Paid' },
    ])
    .returning();
  if (!current || !draft || !earlier) throw new Error('no invoices');
  const line = (
    invoiceId: string,
    kind: 'services' | 'adjustment' | 'voice',
    amount: number,
    accountId: string | null,
    position: number,
  ) => ({
    invoiceId,
    kind,
    description: `${kind} line`,
    accountId,
    quantity: 1,
    unitPrice: amount,
    amount,
    position,
  });
  await db
    .insert(invoiceLines)
    .values([
      line(current.id, 'services', 20, a1, 1),
      line(current.id, 'adjustment', 5, null, 2),
      line(current.id, 'adjustment', -3, null, 3),
      line(current.id, 'voice', 99, a1, 4),
      line(draft.id, 'services', 1000, a1, 1),
      line(earlier.id, 'services', 10, a2, 1),
    ]);
  return { rc, a1, a2, a3, nyUser, utcUser };
}

/** One test file's app with the data set, and the callers: contexts for the service, the New York admin through the API. */
export async function reportsTestWorld() {
  const world = await apiTestWorld();
  const { t, db } = world;
  const data = await seedReportData(db);
  const config = loadConfig({});
  const log = pino({ level: 'silent' });
  function ctxOf(u: { id: string; email: string; name: string; kind: 'staff' | 'customer'; customerId: string | null }): Ctx {
    const actor: UserActor = {
      type: 'user',
      userId: u.id,
      email: u.email,
      name: u.name,
      kind: u.kind,
      role: 'Admin',
      roleKey: u.kind === 'staff' ? 'staff:admin' : 'customer:admin',
      customerId: u.customerId,
      impersonatorId: null,
      sessionIdHash: null,
      remember: false,
    };
    return { db, database: t.database, config, actor, origin: { ip: null, userAgent: null, requestId: null }, log };
  }
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) throw new Error('no admin');

  /** A customer user's report through the API (signed in with a session cookie). */
  async function signedInAs(email: string) {
    const res = await login(t.app, email, 'customer');
    const cookie = res.cookies.find((c) => c.name === 'portal_sid');
    if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
    return async (query: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports?${new URLSearchParams(query)}`,
        headers: { cookie: `portal_sid=${cookie.value}`, 'x-portal-csrf': '1' },
      });
      return { status: res.statusCode, body: res.json() };
    };
  }
  /** The fresh customer's New York admin. */
  const asNy = await signedInAs(data.nyUser.email);

  /** The report as the New York admin (through the API); anything but a 200 fails the test. */
  async function report(query: Record<string, string>): Promise<TReport> {
    const res = await asNy(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TReport;
  }

  return { ...world, ...data, ctxOf, staffCtx: ctxOf(admin), asNy, report };
}
