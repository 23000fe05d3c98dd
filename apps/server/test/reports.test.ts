import type { TReport } from '@portal/contract/reports';
import { SERVICE_COMPONENTS } from '@portal/contract/support';
import { and, eq, isNull } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
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
import { resolvePeriod } from '../src/domains/reports/periods.ts';
import { buildReport, resolveReportScope, shares } from '../src/domains/reports/service.ts';
import type { Ctx, UserActor } from '../src/lib/context.ts';
import { hashPassword } from '../src/lib/password.ts';
import { login, TEST_PASSWORD } from './helpers.ts';
import { apiTestWorld } from './world.ts';

/**
 * Reports: every figure against a small data set made by hand for a fresh customer (two live
 * accounts and a deleted one whose rows must not count), with the expected values worked out in
 * the comments. The period is a fixed custom week (2026-03-01..07; the previous one is
 * 2026-02-22..28), so the figures do not depend on the day the test runs.
 */

const { t, api, db, acme, globex } = await apiTestWorld();

// ---- the data set ----

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

// ---- callers ----

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
const staffCtx = ctxOf(admin);

/** The report as the fresh customer's New York admin (through the API). */
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
const asNy = await signedInAs(nyUser.email);
const WEEK = { period: 'custom', startDate: '2026-03-01', endDate: '2026-03-07' };

async function report(query: Record<string, string>): Promise<TReport> {
  const res = await asNy(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TReport;
}

// ---- the figures ----

describe('the report of a week (custom range), as the customer', () => {
  it('states its period, the previous one, the zone and the scope', async () => {
    const r = await report(WEEK);
    expect(r.period).toEqual({
      period: 'custom',
      label: 'Custom Range',
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      previousStartDate: '2026-02-22',
      previousEndDate: '2026-02-28',
      timeZone: 'America/New_York',
      days: 7,
    });
    expect(r.scope).toBe('Reports Test Co');
    expect(r.service).toBe('all');
    expect(r.bucket).toBe('day');
    expect(r.analytics).toBeNull();
  });

  it('computes the overview tiles, their trends and the breakdown', async () => {
    const { overview } = await report(WEEK);
    // spend: SMS 1.35 + Voice 2.00 + Numbers 1.05 + Other 25.00 = 29.40; before: 0.60 + 0.40 + 0.70 + 10.00 = 11.70
    expect(overview.totalSpend).toEqual({ value: 29.4, previous: 11.7, change: 151.3 });
    // delivered 145 of 160 outbound with an outcome (90.6); before 60 of 70 (85.7)
    expect(overview.smsDeliveryRate).toEqual({ value: 90.6, previous: 85.7, change: 5.7 });
    // answered 25 of 30 calls; before 8 of 10
    expect(overview.voiceAsr).toEqual({ value: 83.3, previous: 80, change: 4.1 });
    // 62,000 ms over 130 delivered messages = 0.48 s; before 30,000 / 60 = 0.5 s
    expect(overview.averageLatency).toEqual({ value: 0.48, previous: 0.5, change: -4 });
    // 1.35, 2.00, 1.05, 25.00 of 29.40: 4.59 / 6.80 / 3.57 / 85.03, to tenths that add up to 100
    expect(overview.breakdown).toEqual([
      { service: 'SMS', cost: 1.35, percent: 4.6 },
      { service: 'Voice', cost: 2, percent: 6.8 },
      { service: 'Numbers', cost: 1.05, percent: 3.6 },
      { service: 'Other', cost: 25, percent: 85 },
    ]);
    expect(overview.breakdown.reduce((s, b) => s + b.percent, 0)).toBeCloseTo(100, 6);
  });

  it('lists the usage detail newest first, a row per day and service', async () => {
    const { overview } = await report(WEEK);
    expect(overview.usageDetail.map((r) => [r.date, r.service, r.volume, r.cost, r.status])).toEqual([
      ['2026-03-07', 'Voice', 10, 0.5, 'Completed'],
      ['2026-03-07', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-06', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-05', 'SMS', 40, 0.3, 'Partial'],
      ['2026-03-05', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-04', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-03', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-02', 'Voice', 20, 1.5, 'Partial'],
      ['2026-03-02', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-01', 'SMS', 150, 1.05, 'Partial'],
      ['2026-03-01', 'Numbers', 5, 0.15, 'Completed'],
    ]);
    expect(new Set(overview.usageDetail.map((r) => r.id)).size).toBe(11);
  });

  it('draws a bucket per day, every day present', async () => {
    const { series } = await report(WEEK);
    expect(series.map((p) => [p.date, p.endDate])).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => [`2026-03-${d}`, `2026-03-${d}`]),
    );
    const byDay = Object.fromEntries(series.map((p) => [p.date, p]));
    expect(byDay['2026-03-01']).toEqual({
      date: '2026-03-01',
      endDate: '2026-03-01',
      smsSent: 135,
      smsDelivered: 115,
      smsFailed: 5,
      calls: 0,
      callsCompleted: 0,
      callsFailed: 0,
      cost: 1.2,
      smsCost: 1.05,
      voiceCost: 0,
      numbersCost: 0.15,
    });
    expect(byDay['2026-03-02']).toMatchObject({ calls: 20, callsCompleted: 15, callsFailed: 5, voiceCost: 1.5, cost: 1.65 });
    expect(byDay['2026-03-03']).toMatchObject({ smsSent: 0, cost: 0.15 });
    expect(series.map((p) => p.cost)).toEqual([1.2, 1.65, 0.15, 0.15, 0.45, 0.15, 0.65]);
  });

  it('computes the SMS tab', async () => {
    const { sms } = await report(WEEK);
    expect(sms).toEqual({
      messagesSent: { value: 175, previous: 70, change: 150 },
      smsCosts: { value: 1.35, previous: 0.6, change: 125 },
      deliveryRate: { value: 90.6, previous: 85.7, change: 5.7 },
      averageLatency: { value: 0.48, previous: 0.5, change: -4 },
      delivered: 145,
      deliveredPercent: 82.9, // of 175 sent
      failed: 15,
      failedPercent: 8.6,
      // opt-outs of the New York week (the one at 03:00 UTC on March 1 is February 28 there): 2 per 145 delivered
      optOuts: 2,
      optOutRate: 1.4,
      // 15 inbound replies per 145 delivered
      conversionRate: 10.3,
      inbound: 15,
      segments: 210,
    });
  });

  it('computes the Voice tab', async () => {
    const { voice } = await report(WEEK);
    expect(voice).toEqual({
      callsCompleted: { value: 25, previous: 8, change: 212.5 },
      callDuration: { value: 40, previous: 8, change: 400 }, // billed minutes: 2,400 s and 480 s
      voiceCosts: { value: 2, previous: 0.4, change: 400 },
      answerSuccessRate: { value: 83.3, previous: 80, change: 4.1 },
      averageCallTime: 96, // 2,400 billed seconds over 25 completed calls
      failedCalls: 5,
      internationalCalls: 3,
      inboundCalls: 4,
      totalCalls: 30,
    });
  });

  it('computes the Numbers tab', async () => {
    const { numbers } = await report(WEEK);
    expect(numbers).toEqual({
      activeNumbers: 4,
      monthlyFees: 5,
      numberCosts: { value: 1.05, previous: 0.7, change: 50 },
      // 0101, 0102 and 0103 carried traffic in the week; 0104 did not
      utilization: 75,
      portingInProgress: 2,
      mostActiveNumber: { number: '+19995550101', activity: 5 },
      byType: [
        { type: 'Local', count: 3, percent: 75 },
        { type: 'Toll-Free', count: 1, percent: 25 },
      ],
    });
  });

  it('limits the series, the detail, the breakdown and the spend to the chosen service', async () => {
    const r = await report({ ...WEEK, service: 'sms' });
    expect(r.service).toBe('sms');
    expect(r.overview.totalSpend).toEqual({ value: 1.35, previous: 0.6, change: 125 });
    expect(r.overview.breakdown).toEqual([
      { service: 'SMS', cost: 1.35, percent: 100 },
      { service: 'Voice', cost: 0, percent: 0 },
      { service: 'Numbers', cost: 0, percent: 0 },
      { service: 'Other', cost: 0, percent: 0 },
    ]);
    expect(r.overview.usageDetail.map((d) => `${d.date} ${d.service}`)).toEqual(['2026-03-05 SMS', '2026-03-01 SMS']);
    expect(r.series.map((p) => p.cost)).toEqual([1.05, 0, 0, 0, 0.3, 0, 0]);
    expect(r.series.every((p) => p.calls === 0 && p.voiceCost === 0 && p.numbersCost === 0)).toBe(true);
    // the service tabs keep their own figures
    expect(r.voice.totalCalls).toBe(30);
    const voice = await report({ ...WEEK, service: 'voice' });
    expect(voice.overview.totalSpend).toEqual({ value: 2, previous: 0.4, change: 400 });
    expect(voice.series.map((p) => p.cost)).toEqual([0, 1.5, 0, 0, 0, 0, 0.5]);
  });

  it('narrows to one of its accounts', async () => {
    const r = await report({ ...WEEK, accountId: a1 });
    expect(r.scope).toBe('Reports Test Co — Main');
    // A1: SMS 0.75 + 0.30, Voice 1.50, Numbers 0.70, Other 20.00 (its service line; the unassigned adjustment is the company's)
    expect(r.overview.totalSpend.value).toBe(23.25);
    expect(r.sms.messagesSent.value).toBe(130);
    expect(r.voice.totalCalls).toBe(20);
    expect(r.numbers.activeNumbers).toBe(2);
    expect(r.numbers.portingInProgress).toBe(1);
    expect(r.sms.optOuts).toBe(1);
  });

  it('draws monthly buckets and growth over long periods', async () => {
    const r = await report({ period: 'custom', startDate: '2026-02-22', endDate: '2026-05-31' });
    expect(r.bucket).toBe('month');
    expect(r.series.map((p) => [p.date, p.endDate, p.cost])).toEqual([
      // February: SMS 0.60 + Voice 0.40 + Numbers 0.70; March 1..7: 4.40
      ['2026-02-22', '2026-02-28', 1.7],
      ['2026-03-01', '2026-03-31', 11.4], // and the SMS of March 8 (7.00)
      ['2026-04-01', '2026-04-30', 0],
      ['2026-05-01', '2026-05-31', 0],
    ]);
    // the previous 100 days hold only the SMS of February 21 (7.00); Other: both invoices (25.00 + 10.00)
    expect(r.overview.totalSpend).toEqual({ value: 48.1, previous: 7, change: 587.1 });
    // the Usage Detail of a long period: its newest days, read apart from the monthly buckets
    expect(r.overview.usageDetail.map((d) => `${d.date} ${d.service} ${d.volume} ${d.cost} ${d.status}`)).toEqual([
      '2026-03-08 SMS 7 7 Completed',
      '2026-03-07 Voice 10 0.5 Completed',
      '2026-03-07 Numbers 5 0.15 Completed',
      '2026-03-06 Numbers 5 0.15 Completed',
      '2026-03-05 SMS 40 0.3 Partial',
      '2026-03-05 Numbers 5 0.15 Completed',
      '2026-03-04 Numbers 5 0.15 Completed',
      '2026-03-03 Numbers 5 0.15 Completed',
      '2026-03-02 Voice 20 1.5 Partial',
      '2026-03-02 Numbers 5 0.15 Completed',
      '2026-03-01 SMS 150 1.05 Partial',
      '2026-03-01 Numbers 5 0.15 Completed',
      '2026-02-28 Numbers 3 0.1 Completed',
      '2026-02-27 Numbers 3 0.1 Completed',
      '2026-02-26 Voice 10 0.4 Partial',
      '2026-02-26 Numbers 3 0.1 Completed',
      '2026-02-25 SMS 80 0.6 Partial',
      '2026-02-25 Numbers 3 0.1 Completed',
      '2026-02-24 Numbers 3 0.1 Completed',
      '2026-02-23 Numbers 3 0.1 Completed',
      '2026-02-22 Numbers 3 0.1 Completed',
    ]);
  });
});

describe('scope', () => {
  it("ignores a customer's customerId: always its own company", async () => {
    const own = await report(WEEK);
    const other = await report({ ...WEEK, customerId: acme.id });
    expect(other.scope).toBe('Reports Test Co');
    expect(other).toEqual(own);
  });

  it("answers 404 for another company's account, a deleted one or an unknown one", async () => {
    const [globexAccount] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.customerId, globex.id), isNull(accounts.deletedAt)))
      .limit(1);
    for (const accountId of [globexAccount?.id as string, a3, '00000000-0000-4000-8000-000000000000']) {
      const res = await asNy({ ...WEEK, accountId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it("never shows another company's figures to a customer", async () => {
    const res = await api.as('customer:admin').get<TReport>('/api/reports', { query: { ...WEEK, customerId: rc.id } });
    expect(res.status).toBe(200);
    expect(res.json().scope).toBe(acme.name);
    expect(res.json().numbers.activeNumbers).not.toBe(4);
    expect(res.json().analytics).toBeNull();
    expect((await api.as('customer:user').get('/api/reports', { query: { accountId: a1 } })).status).toBe(404);
  });

  it('gives staff any customer, the same figures, and the analytics', async () => {
    const res = await api.as('staff:support').get<TReport>('/api/reports', { query: { ...WEEK, customerId: rc.id } });
    expect(res.status).toBe(200);
    const staff = res.json();
    const own = await report(WEEK);
    expect(staff.scope).toBe('Reports Test Co');
    expect({ ...staff, analytics: null, period: { ...staff.period, timeZone: own.period.timeZone } }).toEqual(own);
    expect(staff.analytics).not.toBeNull();
    const unknown = await api.as('staff:admin').get('/api/reports', { query: { customerId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.error().code).toBe('NOT_FOUND');
  });

  it('resolves the scope the exports use', async () => {
    expect(await resolveReportScope(staffCtx, {})).toEqual({ customerId: null, accountId: null, name: 'All customers' });
    expect(await resolveReportScope(staffCtx, { accountId: a2 })).toEqual({
      customerId: rc.id,
      accountId: a2,
      name: 'Reports Test Co — Second',
    });
    const customer = ctxOf({ ...nyUser, kind: 'customer' });
    expect(await resolveReportScope(customer, { customerId: acme.id })).toEqual({
      customerId: rc.id,
      accountId: null,
      name: 'Reports Test Co',
    });
    await expect(resolveReportScope(customer, { accountId: a3 })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the analytics variant (staff)', () => {
  it("computes one customer's revenue, detail, totals, top customers and regions", async () => {
    const r = await buildReport(staffCtx, { ...WEEK, period: 'custom', service: 'all', customerId: rc.id });
    const a = r.analytics;
    if (!a) throw new Error('no analytics');
    expect(a.revenueGrowth).toEqual([{ month: '2026-03', revenue: 4.4, growth: null }]);
    expect(a.revenueByService).toEqual(r.overview.breakdown);
    expect(a.detail).toEqual([
      {
        id: `${rc.id}-Voice`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'Voice',
        volume: 30,
        revenue: 2,
        asr: 83.3,
        date: '2026-03-07',
      },
      {
        id: `${rc.id}-SMS`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'SMS',
        volume: 190,
        revenue: 1.35,
        asr: 90.6,
        date: '2026-03-05',
      },
      // numbers held on an average day: 35 number-days over 7 days
      {
        id: `${rc.id}-Numbers`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'Numbers',
        volume: 5,
        revenue: 1.05,
        asr: null,
        date: '2026-03-07',
      },
    ]);
    expect(a.usageTotals).toEqual({ messages: 190, calls: 30, minutes: 40, numbers: 5 });
    expect(a.topCustomers).toEqual([{ customerId: rc.id, customer: 'Reports Test Co', revenue: 4.4, share: 100 }]);
    expect(a.optOutRate).toBe(1.4);
    expect(a.byRegion).toEqual([{ region: 'OR', customers: 1, calls: 30, asr: 83.3, messages: 190, deliveryRate: 90.6, revenue: 4.4 }]);
    expect(a.systemHealth.map((h) => h.serviceName)).toEqual([...SERVICE_COMPONENTS]);
    for (const h of a.systemHealth) {
      expect(h.uptime).toBeGreaterThanOrEqual(0);
      expect(h.uptime).toBeLessThanOrEqual(100);
    }
  });

  it('shows revenue growth month over month', async () => {
    const r = await buildReport(staffCtx, {
      period: 'custom',
      startDate: '2026-02-22',
      endDate: '2026-03-07',
      service: 'all',
      customerId: rc.id,
    });
    // February 1.70, March 4.40: +158.8 %
    expect(r.analytics?.revenueGrowth).toEqual([
      { month: '2026-02', revenue: 1.7, growth: null },
      { month: '2026-03', revenue: 4.4, growth: 158.8 },
    ]);
  });

  it("puts the customer among all customers' figures, with its region; a deleted customer's are left out", async () => {
    const [northern, gone] = await db
      .insert(customers)
      .values([
        {
          customerCode: 'CUST-9102',
          name: 'Northern Co',
          email: 'n@example.com',
          phone: '+14165550100',
          address: '1 Bay St',
          state: 'ON',
          country: 'Canada',
        },
        {
          customerCode: 'CUST-9103',
          name: 'Gone Co',
          email: 'g@example.com',
          phone: '+14165550101',
          address: '2 Bay St',
          country: 'Atlantis',
          deletedAt: new Date('2026-01-01T00:00:00Z'),
        },
      ])
      .returning();
    if (!northern || !gone) throw new Error('no customers');
    const [na, ga] = await db
      .insert(accounts)
      .values([
        { accountCode: 'ACC-9102-01', customerId: northern.id, name: 'North' },
        { accountCode: 'ACC-9103-01', customerId: gone.id, name: 'Gone' },
      ])
      .returning();
    if (!na || !ga) throw new Error('no accounts');
    await db.insert(usageDaily).values([
      {
        day: '2026-03-04',
        customerId: northern.id,
        accountId: na.id,
        service: 'Voice',
        volume: 4,
        succeeded: 2,
        failed: 2,
        units: 120,
        revenue: 0.8,
      },
      { day: '2026-03-04', customerId: gone.id, accountId: ga.id, service: 'Voice', volume: 50, succeeded: 50, units: 3000, revenue: 500 },
    ]);
    const r = await buildReport(staffCtx, { ...WEEK, period: 'custom', service: 'voice' });
    expect(r.analytics?.detail.filter((d) => d.customerId === northern.id)).toEqual([
      {
        id: `${northern.id}-Voice`,
        customerId: northern.id,
        customer: 'Northern Co',
        service: 'Voice',
        volume: 4,
        revenue: 0.8,
        asr: 50,
        date: '2026-03-04',
      },
    ]);
    expect(r.analytics?.byRegion.find((g) => g.region === 'Canada')).toEqual({
      region: 'Canada',
      customers: 1,
      calls: 4,
      asr: 50,
      messages: 0,
      deliveryRate: null,
      revenue: 0.8,
    });
    expect(r.analytics?.detail.some((d) => d.customerId === gone.id)).toBe(false);
    expect(r.analytics?.byRegion.some((g) => g.region === 'Atlantis')).toBe(false);
    expect(r.analytics?.topCustomers.some((c) => c.customerId === gone.id)).toBe(false);
    expect(r.scope).toBe('All customers');
    const mine = r.analytics?.detail.filter((d) => d.customerId === rc.id);
    expect(mine).toEqual([
      {
        id: `${rc.id}-Voice`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'Voice',
        volume: 30,
        revenue: 2,
        asr: 83.3,
        date: '2026-03-07',
      },
    ]);
    const top = r.analytics?.topCustomers ?? [];
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top.map((c) => c.revenue)).toEqual([...top.map((c) => c.revenue)].sort((x, y) => y - x));
  });
});

describe('periods in the caller’s time zone', () => {
  const at = new Date('2026-03-01T03:00:00Z');
  it('resolves each period from the zone’s today', () => {
    const ny = (period: 'today' | 'yesterday' | 'last7days' | 'thisMonth' | 'lastMonth' | '1year' | '90days') =>
      resolvePeriod({ period }, at, 'America/New_York');
    expect(ny('today')).toMatchObject({
      startDate: '2026-02-28',
      endDate: '2026-02-28',
      previousStartDate: '2026-02-27',
      previousEndDate: '2026-02-27',
      days: 1,
    });
    expect(ny('yesterday')).toMatchObject({ startDate: '2026-02-27', endDate: '2026-02-27', previousStartDate: '2026-02-26' });
    expect(ny('last7days')).toMatchObject({
      startDate: '2026-02-22',
      endDate: '2026-02-28',
      previousStartDate: '2026-02-15',
      previousEndDate: '2026-02-21',
    });
    expect(ny('thisMonth')).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      previousStartDate: '2026-01-01',
      previousEndDate: '2026-01-28',
    });
    expect(ny('lastMonth')).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      previousStartDate: '2025-12-01',
      previousEndDate: '2025-12-31',
    });
    expect(ny('1year')).toMatchObject({
      startDate: '2025-03-01',
      endDate: '2026-02-28',
      previousStartDate: '2024-03-01',
      previousEndDate: '2025-02-28',
      days: 365,
      bucket: 'month',
    });
    expect(ny('90days')).toMatchObject({ days: 90, bucket: 'day' });
    expect(resolvePeriod({ period: 'today' }, at, 'UTC')).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(resolvePeriod({ period: 'thisMonth' }, at, 'UTC')).toMatchObject({
      startDate: '2026-03-01',
      previousStartDate: '2026-02-01',
      previousEndDate: '2026-02-01',
    });
    // March 31: last month has fewer days, so the previous period ends with it
    expect(resolvePeriod({ period: 'thisMonth' }, new Date('2026-03-31T12:00:00Z'), 'UTC')).toMatchObject({
      days: 31,
      previousStartDate: '2026-02-01',
      previousEndDate: '2026-02-28',
    });
    expect(resolvePeriod({ period: 'custom', startDate: '2026-01-01', endDate: '2026-04-02' }, at, 'UTC')).toMatchObject({
      days: 92,
      bucket: 'day',
    });
    expect(resolvePeriod({ period: 'custom', startDate: '2026-01-01', endDate: '2026-04-03' }, at, 'UTC')).toMatchObject({
      days: 93,
      bucket: 'month',
    });
  });

  it("counts the New York user's today, not UTC's", async () => {
    const asNyCtx = ctxOf({ ...nyUser, kind: 'customer' });
    const asUtcCtx = ctxOf({ ...utcUser, kind: 'customer' });
    const q = { period: 'today' as const, service: 'all' as const };
    const ny = await buildReport(asNyCtx, q, { now: at });
    const utc = await buildReport(asUtcCtx, q, { now: at });
    expect(ny.period).toMatchObject({ startDate: '2026-02-28', endDate: '2026-02-28', timeZone: 'America/New_York' });
    expect(utc.period).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-01', timeZone: 'UTC' });
    // February 28: A1's numbers only (0.10, as the day before); March 1: both accounts' (0.15) and the SMS
    expect(ny.numbers.numberCosts).toEqual({ value: 0.1, previous: 0.1, change: 0 });
    expect(utc.numbers.numberCosts).toEqual({ value: 0.15, previous: 0.1, change: 50 });
    expect(ny.sms.messagesSent.value).toBe(0);
    expect(utc.sms.messagesSent.value).toBe(135);
    // the opt-out at 03:00 UTC on March 1 is New York's February 28, not UTC's
    const utcFeb28 = await buildReport(asUtcCtx, { period: 'yesterday', service: 'all' }, { now: at });
    expect(utcFeb28.period).toMatchObject({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(ny.sms.optOuts).toBe(1);
    expect(utcFeb28.sms.optOuts).toBe(0);
    expect(utc.sms.optOuts).toBe(1);
  });
});

describe('input', () => {
  it('needs both dates of a custom range', async () => {
    const missing = await asNy({ period: 'custom', startDate: '2026-03-01' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ endDate: 'End date is required' });
    const none = await asNy({ period: 'custom' });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.error.fields).sort()).toEqual(['endDate', 'startDate']);
  });

  it('refuses an end before the start, and bad values', async () => {
    const backwards = await asNy({ period: 'custom', startDate: '2026-03-07', endDate: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ endDate: 'The end date must not be before the start date' });
    expect((await asNy({ period: 'fortnight' })).status).toBe(400);
    expect((await asNy({ service: 'fax' })).status).toBe(400);
    expect((await asNy({ ...WEEK, accountId: 'nope' })).status).toBe(400);
  });

  it('answers the default period (last 30 days) to every role', async () => {
    for (const who of ['staff:admin', 'staff:support', 'customer:admin', 'customer:user'] as const) {
      const res = await api.as(who).get<TReport>('/api/reports');
      expect(res.status).toBe(200);
      expect(res.json().period.days).toBe(30);
      expect(res.json().series).toHaveLength(30);
      expect(res.json().analytics === null).toBe(who.startsWith('customer'));
    }
    expect((await api.anonymous.get('/api/reports')).status).toBe(401);
  });
});

describe('shares', () => {
  it('add up to 100 with one decimal, or all 0', () => {
    expect(shares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([2, 1])).toEqual([66.7, 33.3]);
  });
});
