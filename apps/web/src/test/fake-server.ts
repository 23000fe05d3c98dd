import { PERMISSIONS, type TRoleKey } from '@portal/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

export const TEST_CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

/** The session the server answers for a user of `role`, with that role's permissions. */
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
      customerId: staff ? null : TEST_CUSTOMER_ID,
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

export type Call = { method: string; url: URL; body: unknown };
type Handler = (request: Call) => unknown;

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch: the session of `role` (when given, and not recorded), and each other request
 * answered by the route "METHOD /path" (a function of the request, or a value), else a 404;
 * records every request.
 */
export function fakeServer(role: TRoleKey | null, routes: Record<string, Handler | unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (role && url.pathname === '/api/auth/session') return jsonResponse(200, sessionOf(role));
      const call = { method, url, body };
      calls.push(call);
      const key = `${method} ${url.pathname}`;
      if (!(key in routes)) return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No route ${key}` } });
      const answer = routes[key];
      return jsonResponse(200, typeof answer === 'function' ? (answer as Handler)(call) : answer);
    }),
  );
  return calls;
}
