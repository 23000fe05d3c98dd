import type { TApiError } from '@portal/contract/common';
import type { TRoleKey } from '@portal/contract/roles';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../src/plugins/auth.ts';
import { TEST_PASSWORD } from './env.ts';

/**
 * The seeded user who signs in for each role key (all share the demo password), and the second
 * tenant's customer admin (`other@example.com`, CUST-1002) for cross-tenant checks.
 */
export const ROLE_USERS = {
  'staff:admin': { email: 'admin@example.com', portal: 'admin' },
  'staff:account_manager': { email: 'sarah.mitchell@example.com', portal: 'admin' },
  'staff:billing': { email: 'rachel.kim@example.com', portal: 'admin' },
  'staff:technical': { email: 'tom.becker@example.com', portal: 'admin' },
  'staff:support': { email: 'support@example.com', portal: 'admin' },
  'customer:admin': { email: 'customer@example.com', portal: 'customer' },
  'customer:user': { email: 'user@example.com', portal: 'customer' },
  'other:customer:admin': { email: 'other@example.com', portal: 'customer' },
} as const satisfies Record<TRoleKey | 'other:customer:admin', { email: string; portal: 'admin' | 'customer' }>;

/** Who calls: a role key (signed in as that role's demo user), the other tenant's admin, or nobody. */
export type TestCaller = keyof typeof ROLE_USERS | 'anonymous';

export type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  /** Without the CSRF header a browser client sends (to test the refusal). */
  noCsrf?: boolean;
}

/** A response whose JSON is typed by the request (`get<TPage>()`) or at the call (`.json<T>()`). */
export interface TestResponse<T = unknown> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
  json<U = T>(): U;
  /** The API's error body; throws when the answer is not one. */
  error(): TApiError['error'];
  raw: LightMyRequestResponse;
}

export interface Requester {
  get<T = unknown>(url: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  delete<T = unknown>(url: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse<T>>;
  request<T = unknown>(method: string, url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse<T>>;
  /** The session cookie header value (null when anonymous). */
  cookie(): Promise<string | null>;
}

export interface TestClient {
  /** Requests as a role's demo user, signed in once per client and cached. */
  as(caller: TestCaller): Requester;
  anonymous: Requester;
  /** A new session of its own (for requests that end or replace the session: log out, impersonation). */
  fresh(caller: Exclude<TestCaller, 'anonymous'>): Requester;
  /** Forgets a cached session (after a request ended it). */
  forget(caller: TestCaller): void;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function wrap<T>(raw: LightMyRequestResponse): TestResponse<T> {
  return {
    status: raw.statusCode,
    headers: raw.headers,
    body: raw.body,
    raw,
    json: <U = T>() => raw.json() as U,
    error: () => {
      const parsed = raw.json() as Partial<TApiError>;
      if (!parsed.error) throw new Error(`Not an API error (${raw.statusCode}): ${raw.body.slice(0, 200)}`);
      return parsed.error;
    },
  };
}

async function signInAs(app: FastifyInstance, caller: Exclude<TestCaller, 'anonymous'>): Promise<string> {
  const user = ROLE_USERS[caller];
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { [CSRF_HEADER]: '1' },
    payload: { email: user.email, password: TEST_PASSWORD, portal: user.portal, remember: false },
  });
  if (res.statusCode !== 200) throw new Error(`Sign-in failed for ${caller} (${user.email}): ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`No session cookie for ${caller}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

function requester(app: FastifyInstance, cookie: () => Promise<string | null>): Requester {
  const request = async <T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}) => {
    const session = await cookie();
    const raw = await app.inject({
      method: method as 'GET',
      url: withQuery(url, opts.query),
      headers: { ...(opts.noCsrf ? {} : { [CSRF_HEADER]: '1' }), ...(session ? { cookie: session } : {}), ...(opts.headers ?? {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return wrap<T>(raw as LightMyRequestResponse);
  };
  return {
    request,
    get: (url, opts) => request('GET', url, undefined, opts),
    delete: (url, opts) => request('DELETE', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    put: (url, body, opts) => request('PUT', url, body, opts),
    patch: (url, body, opts) => request('PATCH', url, body, opts),
    cookie,
  };
}

/** Requests with a given session cookie header (a user signed in by the test itself, not a demo caller). */
export function withSession(app: FastifyInstance, cookie: string): Requester {
  return requester(app, async () => cookie);
}

/** A typed client over `app.inject`: `(await testClient(app)).as('customer:admin').get<T>('/api/numbers', { query })`. */
export async function testClient(app: FastifyInstance): Promise<TestClient> {
  const sessions = new Map<TestCaller, Promise<string>>();
  const cookieOf = (caller: TestCaller) => async () => {
    if (caller === 'anonymous') return null;
    let session = sessions.get(caller);
    if (!session) {
      session = signInAs(app, caller);
      sessions.set(caller, session);
    }
    return session;
  };
  const anonymous = requester(app, async () => null);
  return {
    as: (caller) => (caller === 'anonymous' ? anonymous : requester(app, cookieOf(caller))),
    anonymous,
    fresh: (caller) => {
      const session = signInAs(app, caller);
      // A rejected sign-in surfaces on the first request, not as an unhandled rejection.
      session.catch(() => {});
      return requester(app, () => session);
    },
    forget: (caller) => {
      sessions.delete(caller);
    },
  };
}
