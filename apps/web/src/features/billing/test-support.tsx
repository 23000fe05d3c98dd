import type { TInvoiceListItem, TPaymentMethod } from '@portal/contract/billing';
import { PERMISSIONS, type TRoleKey } from '@portal/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../lib/session.ts';

/** Billing component tests: a signed-in role and a fake server answering by method and path. */

export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
export const ACCOUNT_ID = '00000000-0000-4000-8000-0000000000a1';

export function sessionOf(role: TRoleKey) {
  const permissions = Object.entries(PERMISSIONS)
    .filter(([, roles]) => (roles as readonly string[]).includes(role))
    .map(([p]) => p);
  const staff = role.startsWith('staff:');
  return {
    user: {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Test User',
      email: 'test@example.com',
      kind: staff ? 'staff' : 'customer',
      role: 'Admin',
      roleKey: role,
      portal: staff ? 'admin' : 'customer',
      customerId: staff ? null : CUSTOMER_ID,
      customerName: staff ? null : 'Acme Communications Inc.',
      permissions,
      impersonatedBy: null,
      lastLoginAt: null,
      mustChangePassword: false,
    },
    brand: '382 Communications',
    idleTimeoutMinutes: 30,
    selfRegistration: false,
  };
}

/** Puts the role's session in the cache at once, so what useCan hides is decided before anything else loads. */
export function signedIn<T extends { queryClient: QueryClient }>(rendered: T, role: TRoleKey): T {
  rendered.queryClient.setQueryData(SESSION_QUERY_KEY, sessionOf(role));
  return rendered;
}

type Handler = (request: { method: string; url: URL; body: unknown }) => unknown;

/**
 * Replaces fetch: the session of `role`, and each other request answered by the first route whose
 * "METHOD /path" matches (a function of the request, or a value); records every request.
 */
export function fakeServer(role: TRoleKey, routes: Record<string, Handler | unknown>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url.pathname === '/api/auth/session') return json(200, sessionOf(role));
      calls.push({ method, url, body });
      const key = `${method} ${url.pathname}`;
      if (!(key in routes)) return json(404, { error: { code: 'NOT_FOUND', message: `No route ${key}` } });
      const answer = routes[key];
      return json(200, typeof answer === 'function' ? (answer as Handler)({ method, url, body }) : answer);
    }),
  );
  return calls;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function invoice(over: Partial<TInvoiceListItem> = {}): TInvoiceListItem {
  return {
    id: uuid(),
    number: 'INV-2026-000001',
    customerId: CUSTOMER_ID,
    customerName: 'Acme Communications Inc.',
    accountId: ACCOUNT_ID,
    accountName: 'Acme Main Office',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    amount: 100,
    amountPaid: 0,
    balance: 100,
    status: 'Due',
    lastReminderAt: null,
    ...over,
  };
}

export function method(over: Partial<TPaymentMethod> = {}): TPaymentMethod {
  return {
    id: uuid(),
    type: 'credit_card',
    holderName: 'Linda Park',
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    bankName: null,
    accountType: null,
    isDefault: false,
    status: 'Active',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
