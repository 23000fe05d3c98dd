import { CUSTOMER_ROLES } from '@portal/contract/roles';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import { authPlugin, isCheckedRoute } from '../src/plugins/auth.ts';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let customerCookie: string;
let userCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  customerCookie = await signIn(t.app, 'customer');
  userCookie = await signIn(t.app, 'user');
});
afterAll(() => t?.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);
const customerRoleKeys = CUSTOMER_ROLES.map((r) => `customer:${r.toLowerCase()}`);

describe('the route table', () => {
  it('has routes, each with a permission and a response schema (params schema when it has params)', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const r of t.app.routeTable) {
      expect(r.permission, `${r.method} ${r.url}`).toBeTruthy();
      expect(r.schema.response, `${r.method} ${r.url}`).toBeTruthy();
      if (r.url.includes(':')) expect(r.schema.params, `${r.method} ${r.url}`).toBeTruthy();
      if (['POST', 'PUT', 'PATCH'].includes(r.method) && !r.url.startsWith('/api/auth/logout')) {
        // Mutations either take a validated body or act on validated params only (or on the session's own user).
        expect(
          r.schema.body || r.schema.params || /read-all|logout|exit|two-factor\/setup/.test(r.url),
          `${r.method} ${r.url}`,
        ).toBeTruthy();
      }
    }
  });

  it('refuses to start when a route forgets its permission or its schema', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.decorate('config', config);
    await bare.register(authPlugin);
    expect(() => bare.get('/api/oops', { schema: { response: { 200: z.object({}) } } }, async () => ({}))).toThrow(
      /declares no permission/,
    );
    expect(() => bare.get('/api/oops2', { config: { permission: 'signedIn' } }, async () => ({}))).toThrow(/declares no response schema/);
    await bare.close();
  });

  it('answers 401 without a session on every route that is not public', async () => {
    for (const r of t.app.routeTable.filter((r) => r.permission !== 'public')) {
      const res = await as(t.app, null, { method: r.method as 'GET', url: concrete(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 to a customer session on every staff-only (admin) route', async () => {
    const staffOnly = t.app.routeTable.filter((r) => r.permission !== 'public' && isCheckedRoute(r.url));
    const { rolesFor } = await import('@portal/contract/roles');
    for (const r of staffOnly) {
      const allowed = rolesFor(r.permission) as readonly string[];
      for (const [cookie, key] of [
        [customerCookie, 'customer:admin'],
        [userCookie, 'customer:user'],
      ] as const) {
        if (allowed.includes(key)) continue;
        const res = await as(t.app, cookie, {
          method: r.method as 'GET',
          url: concrete(r.url),
          payload: r.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${key} ${r.method} ${r.url}`).toBe(403);
      }
    }
    // Every /api/admin route is staff-only.
    for (const r of t.app.routeTable.filter((r) => r.url.startsWith('/api/admin/'))) {
      const allowed = rolesFor(r.permission) as readonly string[];
      expect(
        allowed.some((k) => customerRoleKeys.includes(k)),
        `${r.method} ${r.url}`,
      ).toBe(false);
    }
  });
});

describe('a path id that cannot name a record', () => {
  // Malformed ids as a browser sends them from an address bar (encoded by the web client).
  const MALFORMED = ['not-a-real-id!!', 'xyz', '%%%', '12345', `${SAMPLE_ID}x`];
  const callers = [
    ['admin', 'staff:admin'],
    ['customer', 'customer:admin'],
  ] as const;

  it('answers 404 NOT_FOUND (never a 400 about the URL) on every route with path parameters', async () => {
    const { rolesFor } = await import('@portal/contract/roles');
    const cookies = { admin: await signIn(t.app, 'admin'), customer: customerCookie };
    const withParams = t.app.routeTable.filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const r of withParams) {
      const allowed = rolesFor(r.permission) as readonly string[];
      const caller = callers.find(([, key]) => allowed.includes(key));
      // report exports: a public route (a file's link) is called without a session
      const isPublic = r.permission === 'public';
      expect(caller ?? (isPublic || undefined), `${r.method} ${r.url}: no test caller`).toBeDefined();
      const cookie = isPublic ? null : cookies[caller?.[0] ?? 'admin'];
      for (const bad of MALFORMED) {
        const url = r.url.replace(/:[A-Za-z]+/g, encodeURIComponent(bad));
        const res = await as(t.app, cookie, { method: r.method as 'GET', url });
        expect(res.statusCode, `${r.method} ${url}`).toBe(404);
        expect(res.json(), `${r.method} ${url}`).toEqual({ error: { code: 'NOT_FOUND', message: 'Record not found' } });
      }
      // A well-formed id of no record is the same 404 on reads.
      if (r.method === 'GET') {
        const res = await as(t.app, cookie, { method: 'GET', url: concrete(r.url) });
        expect(res.statusCode, `GET ${concrete(r.url)}`).toBe(404);
      }
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists every checked route with the roles it allows in x-roles', async () => {
    const res = await as(t.app, null, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { 'x-roles'?: string[] }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of t.app.routeTable.filter((r) => r.url !== '/api/openapi.json')) {
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op?.['x-roles']?.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
    }
    expect(doc.paths['/api/auth/login']?.post?.['x-roles']).toEqual(['public']);
    expect(doc.paths['/api/shell/summary']?.get?.['x-roles']).toEqual(expect.arrayContaining(['staff:admin', 'customer:user']));
  });

  it('declares the standard error answers on every route, 404 where the path names a record', async () => {
    const doc = (await as(t.app, null, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    for (const r of t.app.routeTable.filter((r) => r.url !== '/api/openapi.json')) {
      const op = doc.paths[r.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const declared = Object.keys(op?.responses ?? {});
      const expected = ['400', '401', '403', '429', ...(r.url.includes(':') ? ['404'] : [])];
      expect(declared, `${r.method} ${r.url}`).toEqual(expect.arrayContaining(expected));
    }
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('logs', () => {
  it('never carry a reset token from a query string', async () => {
    const { redactUrl } = await import('../src/app.ts');
    expect(redactUrl('/admin/reset-password?token=abcDEF123-_x&next=1')).toBe('/admin/reset-password?token=[redacted]&next=1');
    expect(redactUrl('/api/things?page=2&key=sk_live_1')).toBe('/api/things?page=2&key=[redacted]');
    expect(redactUrl('/customer/login')).toBe('/customer/login');
  });
});
