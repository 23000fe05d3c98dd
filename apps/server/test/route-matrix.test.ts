import { ROLE_KEYS, rolesFor } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/auth.ts';
import { type TestCaller, type TestResponse, testClient } from './client.ts';
import { loadFixtures, type TenantFixtures } from './fixtures.ts';
import { createTestApp } from './helpers.ts';
import {
  type FixtureKind,
  fillUrl,
  fixtureId,
  ID_FIELDS,
  looseQuery,
  ownParams,
  paramFixtures,
  tenantBound,
  validSample,
} from './route-inputs.ts';

/**
 * The authorization matrix, generated from the route table and the permission table: every route
 * × the seven roles and an anonymous caller × the caller's own and the other tenant's records.
 * Allowed roles are not refused (and reads succeed), refused roles get 401/403, and a customer
 * naming another tenant's record gets 404 with nothing changed. A new route is covered without a
 * line here; a new path parameter needs one line in PARAM_FIXTURES (test/route-inputs.ts).
 */

const t = await createTestApp();
const api = await testClient(t.app);
const fx = await loadFixtures(t.database.db);
afterAll(() => t.close());

const key = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;
const CALLERS: TestCaller[] = [...ROLE_KEYS, 'anonymous'];

/** Requests that end or replace the caller's session: every allowed call signs in afresh. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/admin/customers/:id/impersonate', 'POST /api/auth/impersonation/exit']);

/**
 * Tenant-bound inputs a customer may name from another tenant without a 404, and why.
 * Keep this short: each line is a rule, not an escape hatch.
 */
const NOT_TENANT_CHECKED: Record<string, string> = {
  'POST /api/accounts body.customerId': "a customer's new account always goes to its own company, whatever is sent",
  'POST /api/tickets body.customerId': "a customer's ticket always belongs to its own company, whatever is sent",
  'POST /api/compliance/entries body.customerId': "a customer's entry always goes on its own company's list, whatever is sent",
  'POST /api/compliance/import body.customerId': "a customer's import always goes to its own company's lists, whatever is sent",
  'POST /api/messaging/brands body.customerId': "a customer's brand always belongs to its own company, whatever is sent",
  'PUT /api/messaging/brands/:id body.customerId': 'a brand stays with its company; the field is read only on registration',
  'POST /api/messaging/templates body.customerId': "a customer's template always belongs to its own company, whatever is sent",
  'PUT /api/messaging/templates/:id body.customerId': 'a template stays with its company; the field is read only on creation',
  // report exports
  'POST /api/reports/schedules body.customerId': "a customer Admin's schedule always reports on its own company, whatever is sent",
  'PUT /api/reports/schedules/:id body.customerId': "a customer Admin's schedule always reports on its own company, whatever is sent",
};

// report exports
/**
 * Reads of records that belong to one user, not to a tenant: the fixture's owner reads it, every
 * other allowed caller gets the 404 of a record that is not theirs.
 */
const OWN_RECORDS: Record<string, TestCaller> = {
  'GET /api/reports/files/:id': 'customer:admin',
};

const NOT_FOUND_ID = '00000000-0000-4000-8000-000000000000';

/** Reads first, then changes, deletes last; within each, the route table's order. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };
const routes = [...t.app.routeTable].sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));

function inputsFor(route: RouteEntry, tenant: TenantFixtures) {
  return {
    params: ownParams(route, tenant),
    query: validSample(route.schema.querystring, tenant, `query of ${key(route)}`) ?? {},
    body: validSample(route.schema.body, tenant, `body of ${key(route)}`),
  };
}

async function send(
  caller: TestCaller,
  route: RouteEntry,
  params: Record<string, string>,
  query: Record<string, unknown>,
  body: unknown,
): Promise<TestResponse> {
  const fresh = caller !== 'anonymous' && SESSION_ENDING.has(key(route)) && can(caller, route);
  const who = fresh ? api.fresh(caller as Exclude<TestCaller, 'anonymous'>) : api.as(caller);
  return who.request(route.method, looseQuery(fillUrl(route.url, params), query), body);
}

const can = (caller: TestCaller, route: RouteEntry) =>
  route.permission === 'public' || (rolesFor(route.permission) as readonly string[]).includes(caller);

const refusal = (res: TestResponse) => {
  if (res.status !== 401 && res.status !== 403) return null;
  const code = res.error().code;
  return code === 'UNAUTHORIZED' || code === 'FORBIDDEN' ? code : null;
};

/**
 * What a customer could change in another tenant: a digest of the domain tables (the big
 * history tables and the session bookkeeping stay out) and the audit log's size.
 */
const WATCHED_TABLES = [
  'customers',
  'customer_notes',
  'accounts',
  'account_services',
  'users',
  'phone_numbers',
  'porting_requests',
  'porting_events',
  'porting_documents',
  'trunks',
  'trunk_ips',
  'ip_addresses',
  'payment_methods',
  'notifications',
  'audit_log',
];
/** One pass per table, order-free: the row count and the sum of the rows' hashes. */
async function fingerprint(): Promise<Record<string, string>> {
  const query = WATCHED_TABLES.map(
    (table) =>
      `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS digest FROM ${table} x`,
  ).join(' UNION ALL ');
  const result = (await t.database.db.execute(sql.raw(query))) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.digest]));
}
const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  WATCHED_TABLES.filter((tb) => before[tb] !== after[tb]);

let requests = 0;

describe('the authorization matrix: every route × every role', () => {
  it('covers every route of the table, each path parameter mapped to a fixture', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) expect(() => paramFixtures(r), key(r)).not.toThrow();
  });

  for (const route of routes) {
    it(`${key(route)} (${route.permission})`, async () => {
      const { params, query, body } = inputsFor(route, fx.acme);
      const allowed = route.permission === 'public' ? CALLERS : (rolesFor(route.permission) as readonly TestCaller[]);
      const problems: string[] = [];
      // Refused callers first: whatever they send, nothing may change.
      const callers = [...CALLERS].sort((a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)));
      const before = route.method !== 'GET' ? await fingerprint() : null;
      let checked = false;
      for (const caller of callers) {
        const may = allowed.includes(caller);
        if (may && before && !checked) {
          checked = true;
          const changed = changedTables(before, await fingerprint());
          if (changed.length) problems.push(`refused callers changed ${changed.join(', ')}`);
        }
        // An allowed delete aims at an unknown record: the permission is what is tested, the data stays for the next routes.
        const p = may && route.method === 'DELETE' ? Object.fromEntries(Object.keys(params).map((k) => [k, NOT_FOUND_ID])) : params;
        const res = await send(caller, route, p, query, body);
        requests++;
        const refused = refusal(res);
        const owner = OWN_RECORDS[key(route)];
        if (may && owner && caller !== owner) {
          // report exports
          if (res.status !== 404 || res.error().code !== 'NOT_FOUND')
            problems.push(`${caller}: expected 404 for ${owner}'s record, got ${res.status}`);
        } else if (may) {
          if (refused) problems.push(`${caller}: refused (${res.status} ${refused}) but the permission allows it`);
          else if (route.method === 'GET' && res.status >= 300)
            problems.push(`${caller}: a read answered ${res.status} ${res.body.slice(0, 120)}`);
        } else {
          const expected = caller === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN';
          if (refused !== expected) problems.push(`${caller}: expected ${expected}, got ${res.status} ${res.body.slice(0, 120)}`);
        }
      }
      if (before && !checked) {
        const changed = changedTables(before, await fingerprint());
        if (changed.length) problems.push(`refused callers changed ${changed.join(', ')}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

interface CrossCase {
  label: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The same request naming a record that exists nowhere (for query and body fields). */
  nowhere?: { params: Record<string, string>; query: Record<string, unknown>; body: unknown };
}

/** Every tenant-bound input of a route, one at a time: the path parameters, a query or a body field. */
function crossTenantCases(route: RouteEntry): CrossCase[] {
  const own = inputsFor(route, fx.acme);
  const bound = tenantBound(route);
  const cases: CrossCase[] = [];
  const kinds = paramFixtures(route);
  if (bound.params) {
    // The other tenant's record in every path parameter (a document of its request, a service of its account)...
    const params = Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, fixtureId(fx.other, kind)]));
    cases.push({ label: 'params', params, query: own.query, body: own.body });
    // ...and one parameter at a time under the caller's own parent record.
    if (Object.keys(kinds).length > 1) {
      for (const [name, kind] of Object.entries(kinds)) {
        cases.push({
          label: `params.${name}`,
          params: { ...own.params, [name]: fixtureId(fx.other, kind) },
          query: own.query,
          body: own.body,
        });
      }
    }
  }
  const value = (field: string, id: string | null) => {
    const kind = ID_FIELDS[field] as FixtureKind;
    const v = id ?? fixtureId(fx.other, kind);
    return kind === 'number' ? [v] : v;
  };
  for (const field of bound.query) {
    if (NOT_TENANT_CHECKED[`${key(route)} query.${field}`]) continue;
    cases.push({
      label: `query.${field}`,
      params: own.params,
      query: { ...own.query, [field]: value(field, null) },
      body: own.body,
      nowhere: { params: own.params, query: { ...own.query, [field]: value(field, NOT_FOUND_ID) }, body: own.body },
    });
  }
  for (const field of bound.body) {
    if (NOT_TENANT_CHECKED[`${key(route)} body.${field}`]) continue;
    cases.push({
      label: `body.${field}`,
      params: own.params,
      query: own.query,
      body: { ...(own.body ?? {}), [field]: value(field, null) },
      nowhere: { params: own.params, query: own.query, body: { ...(own.body ?? {}), [field]: value(field, NOT_FOUND_ID) } },
    });
  }
  return cases;
}

/** What an answer reveals: its status and, for errors, the code and the fields; for reads, the body. */
const answer = (res: TestResponse, read: boolean) =>
  res.status >= 400
    ? JSON.stringify([res.status, res.error().code, res.error().fields ?? null])
    : read
      ? `${res.status} ${res.body}`
      : String(res.status);

describe("another tenant's records: 404 and nothing changed", () => {
  const customerRoles = ['customer:admin', 'customer:user'] as const;
  for (const route of routes) {
    if (route.permission === 'public') continue;
    const callers = customerRoles.filter((r) => (rolesFor(route.permission) as readonly string[]).includes(r));
    if (!callers.length) continue;
    const cases = crossTenantCases(route);
    if (!cases.length) continue;
    it(`${key(route)}: ${cases.map((c) => c.label).join(', ')}`, async () => {
      const problems: string[] = [];
      for (const caller of callers) {
        const before = await fingerprint();
        for (const c of cases) {
          const res = await send(caller, route, c.params, c.query, c.body);
          requests++;
          const read = route.method === 'GET';
          if (res.status === 404 && res.error().code === 'NOT_FOUND') {
            // the answer the rule asks for
          } else if (c.nowhere) {
            // A query or body field may also get the very answer a record that exists nowhere gets: nothing is revealed.
            const nowhere = await send(caller, route, c.nowhere.params, c.nowhere.query, c.nowhere.body);
            requests++;
            if (answer(res, read) !== answer(nowhere, read) || (!read && res.status < 400)) {
              problems.push(
                `${caller} ${c.label}: expected 404 or the answer to an unknown id (${nowhere.status}), got ${res.status} ${res.body.slice(0, 120)}`,
              );
            }
          } else {
            problems.push(`${caller} ${c.label}: expected 404, got ${res.status} ${res.body.slice(0, 120)}`);
          }
        }
        const changed = changedTables(before, await fingerprint());
        if (changed.length) problems.push(`${caller}: naming the other tenant's records changed ${changed.join(', ')}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('made the requests', () => {
    expect(requests).toBeGreaterThan(500);
    // biome-ignore lint/suspicious/noConsole: the suite reports how much it covered
    console.info(`route-matrix: ${routes.length} routes, ${requests} requests`);
  });
});
