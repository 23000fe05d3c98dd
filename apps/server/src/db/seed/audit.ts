/** The audit log of the last 60 days, told from what the other domains created. */
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type * as s from '../schema/index.ts';
import type { Row, SeedContext, SeedCustomer, SeedUser } from './context.ts';
import { add, at, customerAdmin, HOUR, MIN, minDate, monthStart, staffByEmail, staffByRole } from './helpers.ts';

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
] as const;

export function seedAudit(sc: SeedContext): void {
  const rng = sc.rng.fork('audit');
  const since = sc.ago(60);
  const entries: Row<typeof s.auditLog>[] = [];
  const push = (
    actor: SeedUser | null,
    customer: SeedCustomer | null,
    action: string,
    entityType: string,
    entityId: string | null,
    summary: string,
    createdAt: Date,
    before: unknown = null,
    after: unknown = null,
    impersonator?: SeedUser,
  ) => {
    if (createdAt.getTime() < since.getTime() || createdAt.getTime() > sc.now.getTime()) return;
    entries.push({
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? 'system',
      impersonatorId: impersonator?.id ?? null,
      customerId: customer?.id ?? null,
      action,
      entityType,
      entityId,
      summary,
      before,
      after,
      ip: actor ? `203.0.113.${rng.int(2, 254)}` : null,
      userAgent: actor ? rng.pick(USER_AGENTS) : null,
      requestId: `req_${rng.hex(16)}`,
      createdAt,
    });
  };
  const recent = () => sc.between(rng, since, sc.now);
  const admin = staffByEmail(sc, 'admin@example.com');
  const activeStaff = sc.staff.filter((u) => u.status === 'Active');
  const activeCustomerUsers = sc.customers.flatMap((c) => c.users.filter((u) => u.status === 'Active'));
  const acme = at(sc.customers, 0);

  // sign-ins
  for (let k = 0; k < 30; k++) {
    const u = rng.chance(0.45) ? rng.pick(activeStaff) : rng.chance(0.4) ? rng.pick(acme.users) : rng.pick(activeCustomerUsers);
    push(u, u.customer ?? null, 'auth.sign_in', 'user', u.id, `${u.name} signed in`, recent());
  }
  // customer updates by account managers
  for (let k = 0; k < 8; k++) {
    const c = rng.pick(sc.customers);
    const field = rng.pick(['phone', 'billingContactEmail', 'premium', 'website'] as const);
    const row = c.row;
    const afterVal =
      field === 'premium' ? row.premium : field === 'phone' ? row.phone : field === 'website' ? row.website : row.billingContactEmail;
    const beforeVal =
      field === 'premium'
        ? !row.premium
        : field === 'phone'
          ? `(${at(c.areaCodes, 0)}) 555-01${rng.digits(2)}`
          : field === 'website'
            ? `http://${c.domain}`
            : `ap@${c.domain}`;
    push(
      rng.chance(0.7) ? c.am : admin,
      c,
      'customer.update',
      'customer',
      c.id,
      `Updated ${field} of ${c.spec.name}`,
      recent(),
      { [field]: beforeVal },
      { [field]: afterVal },
    );
  }
  for (const c of sc.customers.filter((x) => x.spec.status === 'suspended')) {
    const when = c.accounts.reduce<Date>((m, a) => (a.endedAt && a.endedAt.getTime() > m.getTime() ? a.endedAt : m), sc.ago(14));
    push(
      c.am,
      c,
      'customer.update',
      'customer',
      c.id,
      `Suspended ${c.spec.name} for non-payment`,
      add(when, 5 * MIN),
      { status: 'active' },
      { status: 'suspended' },
    );
  }
  for (const c of sc.customers.filter((x) => x.spec.status === 'pending'))
    push(c.am, c, 'customer.create', 'customer', c.id, `Created customer ${c.spec.name} (${c.code})`, c.createdAt, null, {
      name: c.spec.name,
      customerCode: c.code,
      status: 'pending',
    });
  // accounts
  for (const a of sc.accounts) {
    if (a.createdAt.getTime() >= since.getTime())
      push(a.customer.am, a.customer, 'account.create', 'account', a.id, `Created account ${a.name} (${a.code})`, a.createdAt, null, {
        name: a.name,
        accountCode: a.code,
        status: a.status,
      });
  }
  for (let k = 0; k < 6; k++) {
    const a = rng.pick(sc.accounts.filter((x) => x.status === 'active'));
    const before = rng.pick([30, 50, 60, 100, 120].filter((v) => v !== a.maxVoiceChannels));
    push(
      rng.chance(0.5) ? a.customer.am : customerAdmin(a.customer),
      a.customer,
      'account.update',
      'account',
      a.id,
      `Changed max voice channels of ${a.name} from ${before} to ${a.maxVoiceChannels}`,
      recent(),
      { maxVoiceChannels: before },
      { maxVoiceChannels: a.maxVoiceChannels },
    );
  }
  // numbers
  const assigned = sc.accounts.flatMap((a) =>
    a.numbers.filter((n) => n.assignedAt.getTime() >= since.getTime()).map((n) => [a, n] as const),
  );
  for (const [a, n] of rng.sample(assigned, 10))
    push(a.customer.am, a.customer, 'number.assign', 'phone_number', n.id, `Assigned ${n.number} to ${a.name}`, n.assignedAt, null, {
      accountCode: a.code,
      status: n.status,
    });
  for (let k = 0; k < 6; k++) {
    const c = rng.pick(sc.customers.filter((x) => x.accounts.filter((a) => a.numbers.length).length >= 2));
    const withNumbers = c.accounts.filter((a) => a.numbers.length);
    const to = rng.pick(withNumbers);
    const from = rng.pick(withNumbers.filter((a) => a.id !== to.id));
    const n = rng.pick(to.numbers);
    push(
      rng.chance(0.5) ? rng.pick(staffByRole(sc, 'Technical')) : customerAdmin(c),
      c,
      'number.move',
      'phone_number',
      n.id,
      `Moved ${n.number} from ${from.name} to ${to.name}`,
      recent(),
      { accountCode: from.code },
      { accountCode: to.code },
    );
  }
  // api keys
  for (const k of sc.apiKeys) {
    const c = k.account.customer;
    push(
      customerAdmin(c),
      c,
      'api_key.create',
      'api_key',
      k.id,
      `Created API key "${k.name}" (${k.environment}) for ${k.account.name}`,
      k.createdAt,
      null,
      { name: k.name, environment: k.environment, keyPrefix: k.row.keyPrefix },
    );
    if (k.revokedAt)
      push(
        customerAdmin(c),
        c,
        'api_key.revoke',
        'api_key',
        k.id,
        `Revoked API key "${k.name}" of ${k.account.name}`,
        k.revokedAt,
        { status: 'Active' },
        { status: 'Revoked' },
      );
  }
  // payments and invoices
  const recentPayments = sc.rows.payments.filter((p) => p.status === 'Successful' && (p.paidAt as Date).getTime() >= since.getTime());
  for (const p of rng.sample(recentPayments, 8)) {
    const c = sc.customers.find((x) => x.id === p.customerId);
    if (!c) continue;
    const inv = sc.invoices.find((i) => i.id === p.invoiceId);
    push(
      customerAdmin(c),
      c,
      'payment.create',
      'payment',
      p.id ?? null,
      `Paid invoice ${inv?.number ?? ''} ($${Number(p.amount).toFixed(2)}) with ${p.method}`,
      p.paidAt as Date,
      null,
      { amount: p.amount, status: 'Successful' },
    );
  }
  for (let back = 0; back <= 1; back++) {
    const issue = monthStart(sc.now, back);
    const count = sc.invoices.filter((i) => i.issue.getTime() === issue.getTime()).length;
    push(
      null,
      null,
      'invoice.generate',
      'invoice',
      null,
      `Generated ${count} invoices for ${issue.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
      add(issue, 6 * HOUR),
    );
  }
  // tickets
  for (const t of sc.tickets.filter((x) => x.status !== 'open').slice(-10)) {
    const actor = t.assignee?.status === 'Active' ? t.assignee : rng.pick(staffByRole(sc, 'Support'));
    push(
      actor,
      t.customer,
      'ticket.update',
      'ticket',
      t.id,
      `Changed status of ${t.code} to ${t.status}`,
      t.updatedAt,
      { status: 'open' },
      { status: t.status },
    );
  }
  // porting
  for (const p of sc.portingRequests)
    for (const e of p.events.slice(1))
      if (rng.chance(0.6))
        push(
          e.actor,
          p.account.customer,
          'porting.update',
          'porting_request',
          p.id,
          `Porting request ${p.code} moved to ${e.status}`,
          e.at,
          null,
          { status: e.status },
        );
  // users, settings, impersonation
  for (const u of sc.customers.flatMap((c) => c.users).filter((x) => x.status === 'Inactive'))
    push(
      u.customer ? customerAdmin(u.customer) : admin,
      u.customer ?? null,
      'user.deactivate',
      'user',
      u.id,
      `Deactivated user ${u.email}`,
      recent(),
      { status: 'Active' },
      { status: 'Inactive' },
    );
  const inactiveStaff = sc.staff.filter((x) => x.status === 'Inactive');
  for (const u of inactiveStaff)
    push(
      admin,
      null,
      'user.deactivate',
      'user',
      u.id,
      `Deactivated staff user ${u.email}`,
      sc.ago(rng.float(20, 40)),
      { status: 'Active' },
      { status: 'Inactive' },
    );
  push(
    admin,
    null,
    'settings.update',
    'system_settings',
    'system',
    'Updated security settings',
    sc.settingsChangedAt,
    { sessionTimeout: 60, failedLoginAttempts: 10 },
    { sessionTimeout: DEFAULT_SETTINGS.sessionTimeout, failedLoginAttempts: DEFAULT_SETTINGS.failedLoginAttempts },
  );
  for (let k = 0; k < 3; k++) {
    const c = rng.pick(sc.customers.filter((x) => x.spec.status === 'active'));
    const when = recent();
    push(c.am, c, 'auth.impersonate', 'customer', c.id, `${c.am.name} started viewing as ${c.spec.name}`, when);
    push(
      c.am,
      c,
      'auth.impersonate_end',
      'customer',
      c.id,
      `${c.am.name} stopped viewing as ${c.spec.name}`,
      minDate(add(when, rng.int(3, 25) * MIN), sc.now),
    );
  }

  entries.sort((p, q) => (p.createdAt as Date).getTime() - (q.createdAt as Date).getTime());
  // keep about 100-130 entries, always keeping the non-sign-in history
  sc.rows.auditLog = entries.length > 130 ? entries.filter((e, i) => e.action !== 'auth.sign_in' || i % 2 === 0).slice(-130) : entries;
}
