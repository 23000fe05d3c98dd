import { createHash } from 'node:crypto';
import { ACCOUNT_STATUSES } from '@portal/contract/accounts';
import { INVOICE_STATUSES, PAYMENT_STATUSES } from '@portal/contract/billing';
import { CUSTOMER_STATUSES } from '@portal/contract/customers';
import { BRAND_STATUSES, CAMPAIGN_STATUSES, MESSAGE_STATUSES } from '@portal/contract/messaging';
import { NUMBER_STATUSES, PORTING_STATUSES } from '@portal/contract/numbers';
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import { KNOWLEDGE_CATEGORIES, SERVICE_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES } from '@portal/contract/support';
import { ROUTE_STRATEGIES, TRUNK_STATUSES } from '@portal/contract/voice';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.ts';
import { type Database, migrate, openDatabase } from '../client.ts';
import { buildSeedData, seed } from './index.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const PASSWORD = 'Portal-Demo-1';

let database: Database;

async function rows<T>(query: SQL, db = database): Promise<T[]> {
  const result = await db.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function one<T>(query: SQL, db = database): Promise<T> {
  const [row] = await rows<T>(query, db);
  if (!row) throw new Error('no row');
  return row;
}

async function count(query: SQL, db = database): Promise<number> {
  return Number((await one<{ n: number | string }>(query, db)).n);
}

async function freshSeeded(): Promise<{ database: Database }> {
  const d = await openDatabase({});
  await migrate(d);
  await seed(d.db, { demoPassword: PASSWORD, now: NOW });
  return { database: d };
}

beforeAll(async () => {
  const r = await freshSeeded();
  database = r.database;
});

afterAll(async () => {
  await database?.close();
});

describe('demo seed', () => {
  it('fills the main tables with the expected volumes', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM customers`)).toBe(20);
    const accounts = await count(sql`SELECT count(*)::int AS n FROM accounts`);
    expect(accounts).toBeGreaterThanOrEqual(70);
    expect(accounts).toBeLessThanOrEqual(90);
    const codes = await rows<{ customer_code: string }>(sql`SELECT customer_code FROM customers ORDER BY customer_code`);
    expect(codes.map((r) => r.customer_code)).toEqual(Array.from({ length: 20 }, (_, i) => `CUST-${1001 + i}`));
    expect(await count(sql`SELECT count(*)::int AS n FROM phone_numbers WHERE account_id IS NOT NULL`)).toBeGreaterThanOrEqual(500);
    expect(await count(sql`SELECT count(*)::int AS n FROM phone_numbers WHERE account_id IS NULL`)).toBeGreaterThanOrEqual(350);
    expect(await count(sql`SELECT count(*)::int AS n FROM cdrs`)).toBeGreaterThanOrEqual(5000);
    expect(await count(sql`SELECT count(*)::int AS n FROM messages`)).toBeGreaterThanOrEqual(5000);
    expect(await count(sql`SELECT count(*)::int AS n FROM porting_requests`)).toBeGreaterThanOrEqual(30);
    expect(await count(sql`SELECT count(*)::int AS n FROM tickets`)).toBeGreaterThanOrEqual(40);
    expect(await count(sql`SELECT count(*)::int AS n FROM knowledge_articles`)).toBeGreaterThanOrEqual(15);
    expect(await count(sql`SELECT count(*)::int AS n FROM service_status`)).toBeGreaterThanOrEqual(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log`)).toBeGreaterThanOrEqual(80);
    for (const table of [
      'account_services',
      'customer_notes',
      'porting_events',
      'porting_documents',
      'trunks',
      'trunk_ips',
      'ip_addresses',
      'brands',
      'campaigns',
      'message_templates',
      'api_keys',
      'webhooks',
      'webhook_deliveries',
      'api_requests',
      'invoices',
      'invoice_lines',
      'payment_methods',
      'payments',
      'dnc_entries',
      'ticket_comments',
      'notifications',
      'recent_customers',
      'email_outbox',
    ]) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`), table).toBeGreaterThan(0);
    }
    // the CUST-1001 demo customer has a substantial slice of everything
    expect(
      await count(sql`SELECT count(*)::int AS n FROM cdrs x JOIN customers c ON c.id = x.customer_id WHERE c.customer_code = 'CUST-1001'`),
    ).toBeGreaterThanOrEqual(300);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM porting_requests x JOIN customers c ON c.id = x.customer_id WHERE c.customer_code = 'CUST-1001'`,
      ),
    ).toBeGreaterThanOrEqual(3);
  });

  it('stores the default system settings', async () => {
    const row = await one<{ value: unknown }>(sql`SELECT value FROM system_settings WHERE key = 'system'`);
    expect(row.value).toEqual(DEFAULT_SETTINGS);
  });

  it('creates the demo users with their portal, role and company, signing in with the demo password', async () => {
    const users = await rows<{
      email: string;
      kind: string;
      role: string;
      status: string;
      customer_code: string | null;
      password_hash: string;
      two_factor_enabled: boolean;
    }>(sql`
      SELECT u.email, u.kind, u.role, u.status, c.customer_code, u.password_hash, u.two_factor_enabled
      FROM users u LEFT JOIN customers c ON c.id = u.customer_id
      WHERE u.email IN ('admin@example.com', 'support@example.com', 'customer@example.com', 'user@example.com', 'other@example.com')`);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const expected = [
      ['admin@example.com', 'staff', 'Admin', null],
      ['support@example.com', 'staff', 'Support', null],
      ['customer@example.com', 'customer', 'Admin', 'CUST-1001'],
      ['user@example.com', 'customer', 'User', 'CUST-1001'],
      ['other@example.com', 'customer', 'Admin', 'CUST-1002'],
    ] as const;
    for (const [email, kind, role, customer] of expected) {
      const u = byEmail.get(email);
      expect(u, email).toBeDefined();
      expect(u?.kind).toBe(kind);
      expect(u?.role).toBe(role);
      expect(u?.customer_code ?? null).toBe(customer);
      expect(u?.status).toBe('Active');
      expect(u?.two_factor_enabled).toBe(false);
      expect(await verifyPassword(PASSWORD, u?.password_hash ?? '')).toBe(true);
    }
    expect(await verifyPassword('wrong-password', byEmail.get('admin@example.com')?.password_hash ?? '')).toBe(false);
    const first = await one<{ name: string; status: string }>(sql`SELECT name, status FROM customers WHERE customer_code = 'CUST-1001'`);
    expect(first.status).toBe('active');
    expect((await one<{ status: string }>(sql`SELECT status FROM customers WHERE customer_code = 'CUST-1002'`)).status).toBe('active');
  });

  it('keeps staff and customer users consistent', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE kind = 'staff' AND customer_id IS NOT NULL`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE kind = 'customer' AND customer_id IS NULL`)).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM users WHERE kind = 'staff' AND role = 'Account Manager' AND status = 'Active'`),
    ).toBeGreaterThanOrEqual(4);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE kind = 'staff' AND status = 'Inactive'`)).toBeGreaterThanOrEqual(1);
    // every customer's account manager is an Account Manager
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM customers c LEFT JOIN users u ON u.id = c.account_manager_id WHERE u.role IS DISTINCT FROM 'Account Manager'`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(
      await count(sql`SELECT count(*)::int AS n FROM notification_settings`),
    );
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM users WHERE role NOT IN ('Admin', 'Account Manager', 'Billing', 'Technical', 'Support', 'User')`,
      ),
    ).toBe(0);
  });

  it('uses only the status values of the contract', async () => {
    const check = async (table: string, column: string, allowed: readonly string[]) => {
      const values = await rows<{ v: string }>(sql`SELECT DISTINCT ${sql.identifier(column)} AS v FROM ${sql.identifier(table)}`);
      for (const { v } of values) expect(allowed, `${table}.${column} = ${v}`).toContain(v);
    };
    await check('customers', 'status', CUSTOMER_STATUSES);
    await check('accounts', 'status', ACCOUNT_STATUSES);
    await check('phone_numbers', 'status', NUMBER_STATUSES);
    await check('porting_requests', 'status', PORTING_STATUSES);
    await check('trunks', 'route_strategy', ROUTE_STRATEGIES);
    await check('trunks', 'status', TRUNK_STATUSES);
    await check('campaigns', 'status', CAMPAIGN_STATUSES);
    await check('brands', 'status', BRAND_STATUSES);
    await check('invoices', 'status', INVOICE_STATUSES);
    await check('payments', 'status', PAYMENT_STATUSES);
    await check('tickets', 'status', TICKET_STATUSES);
    await check('tickets', 'priority', TICKET_PRIORITIES);
    await check('service_status', 'status', SERVICE_STATUSES);
    await check('knowledge_articles', 'category', KNOWLEDGE_CATEGORIES);
    await check('messages', 'status', MESSAGE_STATUSES);
    // every porting and ticket status is represented
    expect(await count(sql`SELECT count(DISTINCT status)::int AS n FROM porting_requests`)).toBe(PORTING_STATUSES.length);
    expect(await count(sql`SELECT count(DISTINCT status)::int AS n FROM tickets`)).toBe(TICKET_STATUSES.length);
    expect(await count(sql`SELECT count(DISTINCT priority)::int AS n FROM tickets`)).toBe(TICKET_PRIORITIES.length);
  });

  it('links accounts and numbers to the right customers', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM accounts a LEFT JOIN customers c ON c.id = a.customer_id WHERE c.id IS NULL`),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM phone_numbers n JOIN accounts a ON a.id = n.account_id WHERE n.customer_id IS DISTINCT FROM a.customer_id`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM phone_numbers WHERE (account_id IS NULL) <> (customer_id IS NULL)`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM phone_numbers WHERE number !~ '^[+]1[2-9][0-9]{2}[2-9][0-9]{6}$'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM phone_numbers WHERE account_id IS NULL AND status <> 'Active'`)).toBe(0);
    for (const table of ['trunks', 'api_keys', 'webhooks', 'campaigns', 'porting_requests', 'invoices', 'cdrs', 'messages']) {
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} x JOIN accounts a ON a.id = x.account_id WHERE x.customer_id <> a.customer_id`,
        ),
        table,
      ).toBe(0);
    }
    const acme = await one<{ accounts: number }>(
      sql`SELECT count(*)::int AS accounts FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE c.customer_code = 'CUST-1001'`,
    );
    expect(acme.accounts).toBeGreaterThanOrEqual(5);
  });

  it('rolls usage_daily up exactly from the raw CDRs and messages', async () => {
    const voice = await one<{ raw: number; completed: number; roll: number; ok: number; failed: number }>(sql`
      SELECT (SELECT count(*) FROM cdrs)::int AS raw,
             (SELECT count(*) FROM cdrs WHERE status = 'Completed')::int AS completed,
             sum(volume)::int AS roll, sum(succeeded)::int AS ok, sum(failed)::int AS failed
      FROM usage_daily WHERE service = 'Voice'`);
    expect(voice.roll).toBe(voice.raw);
    expect(voice.ok).toBe(voice.completed);
    expect(voice.ok + voice.failed).toBe(voice.raw);
    const sms = await one<{ raw: number; segments: number; roll: number; units: number }>(sql`
      SELECT (SELECT count(*) FROM messages)::int AS raw, (SELECT sum(segments) FROM messages)::int AS segments,
             sum(volume)::int AS roll, sum(units)::int AS units
      FROM usage_daily WHERE service = 'SMS'`);
    expect(sms.roll).toBe(sms.raw);
    expect(sms.units).toBe(sms.segments);
    // per account and day too
    expect(
      await count(sql`
        SELECT count(*)::int AS n FROM (
          SELECT account_id, (sent_at AT TIME ZONE 'UTC')::date AS day, count(*) AS c FROM messages GROUP BY 1, 2
        ) m FULL JOIN (SELECT account_id, day, volume FROM usage_daily WHERE service = 'SMS') u USING (account_id, day)
        WHERE m.c IS DISTINCT FROM u.volume`),
    ).toBe(0);
  });

  it('keeps billing consistent', async () => {
    // exactly one default payment method per customer, never more than last 4 digits
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM customers c WHERE (SELECT count(*) FROM payment_methods p WHERE p.customer_id = c.id AND p.is_default) <> 1`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM payment_methods WHERE last4 !~ '^[0-9]{4}$'`)).toBe(0);
    // invoice totals are the sums of their lines; each Paid invoice has one Successful payment
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM invoices i WHERE amount <> (SELECT sum(amount) FROM invoice_lines l WHERE l.invoice_id = i.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM invoices i WHERE status = 'Paid' AND (SELECT count(*) FROM payments p WHERE p.invoice_id = i.id AND p.status = 'Successful') <> 1`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM invoices WHERE (status = 'Paid') <> (paid_at IS NOT NULL)`)).toBe(0);
    // Overdue means unpaid and past the due date
    const today = NOW.toISOString().slice(0, 10);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM invoices WHERE (status = 'Overdue' AND due_date >= ${today}::date) OR (status = 'Due' AND due_date < ${today}::date)`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM invoices WHERE invoice_number !~ '^INV-[0-9]{4}-[0-9]{6}$'`)).toBe(0);
    // the demo customer shows a Due and an Overdue invoice
    const acme = await rows<{ status: string; n: number }>(sql`
      SELECT i.status, count(*)::int AS n FROM invoices i JOIN customers c ON c.id = i.customer_id
      WHERE c.customer_code = 'CUST-1001' GROUP BY i.status`);
    const byStatus = Object.fromEntries(acme.map((r) => [r.status, r.n]));
    expect(byStatus.Due ?? 0).toBeGreaterThanOrEqual(1);
    expect(byStatus.Overdue ?? 0).toBeGreaterThanOrEqual(1);
    // revenue is the sum of Successful payments, and every revenue band is represented
    expect(
      await count(sql`
        SELECT count(*)::int AS n FROM customers c
        WHERE revenue <> coalesce((SELECT sum(amount) FROM payments p WHERE p.customer_id = c.id AND p.status = 'Successful'), 0)`),
    ).toBe(0);
    const bands = await one<{ a: number; b: number; c: number; d: number }>(sql`
      SELECT count(*) FILTER (WHERE revenue < 10000)::int AS a,
             count(*) FILTER (WHERE revenue >= 10000 AND revenue < 50000)::int AS b,
             count(*) FILTER (WHERE revenue >= 50000 AND revenue < 100000)::int AS c,
             count(*) FILTER (WHERE revenue >= 100000)::int AS d
      FROM customers`);
    expect(Math.min(bands.a, bands.b, bands.c, bands.d)).toBeGreaterThan(0);
  });

  it('stores API keys as hash, prefix and last 4 only', async () => {
    const keys = await rows<{
      environment: string;
      key_prefix: string;
      last4: string;
      key_hash: string;
      status: string;
      revoked_at: Date | null;
    }>(sql`SELECT environment, key_prefix, last4, key_hash, status, revoked_at FROM api_keys`);
    for (const k of keys) {
      expect(k.key_prefix).toMatch(k.environment === 'Production' ? /^pk_live_[0-9A-Za-z]{8}$/ : /^pk_test_[0-9A-Za-z]{8}$/);
      expect(k.last4).toMatch(/^[0-9A-Za-z]{4}$/);
      expect(k.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(k.status === 'Revoked').toBe(k.revoked_at !== null);
    }
  });

  it('tells a consistent porting story', async () => {
    expect(
      await count(sql`
        SELECT count(*)::int AS n FROM porting_requests r
        WHERE status IS DISTINCT FROM (SELECT status FROM porting_events e WHERE e.request_id = r.id ORDER BY created_at DESC LIMIT 1)`),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM porting_requests WHERE request_code <> 'PORT-' || extract(year FROM request_date AT TIME ZONE 'UTC') || '-' || substr(request_code, 11)`,
      ),
    ).toBe(0);
    const doc = await one<{ content: Buffer; size_bytes: number; content_type: string }>(
      sql`SELECT content, size_bytes, content_type FROM porting_documents LIMIT 1`,
    );
    expect(doc.content_type).toBe('application/pdf');
    expect(Buffer.from(doc.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(doc.content).length).toBe(doc.size_bytes);
  });

  it('gives every demo user recent, partly unread notifications with portal links', async () => {
    const stats = await rows<{ email: string; kind: string; n: number; unread: number; last_hour: number; bad_links: number }>(sql`
      SELECT u.email, u.kind, count(*)::int AS n,
             (count(*) FILTER (WHERE n.read_at IS NULL))::int AS unread,
             (count(*) FILTER (WHERE n.created_at > ${NOW.toISOString()}::timestamptz - interval '1 hour'))::int AS last_hour,
             (count(*) FILTER (WHERE n.link IS NULL OR n.link NOT LIKE (CASE WHEN u.kind = 'staff' THEN '/admin/%' ELSE '/customer/%' END)))::int AS bad_links
      FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE u.email IN ('admin@example.com', 'support@example.com', 'customer@example.com', 'user@example.com', 'other@example.com')
      GROUP BY u.email, u.kind`);
    expect(stats).toHaveLength(5);
    for (const s of stats) {
      expect(s.n, s.email).toBeGreaterThanOrEqual(6);
      expect(s.n, s.email).toBeLessThanOrEqual(10);
      expect(s.unread, s.email).toBeGreaterThanOrEqual(2);
      expect(s.last_hour, s.email).toBeGreaterThanOrEqual(1);
      expect(s.bad_links, s.email).toBe(0);
    }
    expect(
      await count(sql`SELECT count(*)::int AS n FROM users u WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id)`),
    ).toBe(0);
  });

  it('puts nothing historical in the future', async () => {
    const now = NOW.toISOString();
    const checks: [string, string][] = [
      ['cdrs', 'started_at'],
      ['messages', 'sent_at'],
      ['invoices', 'created_at'],
      ['payments', 'paid_at'],
      ['tickets', 'updated_at'],
      ['ticket_comments', 'created_at'],
      ['notifications', 'created_at'],
      ['audit_log', 'created_at'],
      ['porting_events', 'created_at'],
      ['api_requests', 'created_at'],
      ['users', 'last_login_at'],
      ['phone_numbers', 'assigned_at'],
      ['accounts', 'created_at'],
      ['customers', 'created_at'],
    ];
    for (const [table, column] of checks) {
      expect(
        await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} > ${now}::timestamptz`),
        `${table}.${column}`,
      ).toBe(0);
    }
  });

  it('is deterministic for a given now', async () => {
    // the in-memory data set, byte for byte (cheap: no database)
    const digest = () =>
      createHash('sha256')
        .update(JSON.stringify(buildSeedData({ now: NOW, passwordHash: 'x' })))
        .digest('hex');
    expect(digest()).toBe(digest());
    // and two fresh databases seeded with the same now
    const second = await freshSeeded();
    try {
      const names = sql`SELECT customer_code, name, id FROM customers ORDER BY customer_code`;
      const invoices = sql`SELECT invoice_number, amount, status FROM invoices ORDER BY invoice_number`;
      expect(await rows(names, second.database)).toEqual(await rows(names));
      expect(await rows(invoices, second.database)).toEqual(await rows(invoices));
    } finally {
      await second.database.close();
    }
  });
});
