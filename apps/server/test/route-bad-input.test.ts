import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZApiError } from '@portal/contract/common';
import { rolesFor } from '@portal/contract/roles';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/auth.ts';
import { type TestCaller, testClient } from './client.ts';
import { loadFixtures } from './fixtures.ts';
import { createTestApp } from './helpers.ts';
import { type Field, fieldsOf, fillUrl, looseQuery, ownParams, validSample } from './route-inputs.ts';

/**
 * Bad input for every route of the route table, generated from each route's Zod schemas: one
 * field at a time replaced by something hostile (wrong types, NUL bytes, lone surrogates, huge or
 * exotic strings, far dates, forged cursors, extreme numbers). The answer is never a 5xx and is
 * always the API's one error shape. New routes are covered without a line here.
 */

const t = await createTestApp();
const api = await testClient(t.app);
const fx = await loadFixtures(t.database.db);
afterAll(() => t.close());

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);
/** Random probes per route and input location (besides the classics): about 1,500 requests in all. */
const RUNS = Number(process.env.FC_RUNS ?? 8);

/** Callers that would lose their session to a probe get their own; everything else runs as the first allowed role. */
const PREFERRED: TestCaller[] = [
  'staff:admin',
  'customer:admin',
  'customer:user',
  'staff:account_manager',
  'staff:billing',
  'staff:technical',
  'staff:support',
];
function callerFor(route: RouteEntry): TestCaller {
  if (route.permission === 'public') return 'anonymous';
  const allowed = rolesFor(route.permission) as readonly string[];
  const caller = PREFERRED.find((r) => allowed.includes(r));
  if (!caller) throw new Error(`${route.method} ${route.url}: no role may call it`);
  return caller;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

const nulAndSurrogates = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF', 'Acme\u0000 Corp'),
  fc.tuple(fc.string(), fc.constantFrom('\u0000', '\uD800', '\uDFFF'), fc.string()).map(([a, b, c]) => a + b + c),
);
const exoticStrings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    'x'.repeat(5_000),
    '€'.repeat(3_000),
    '😀'.repeat(2_000),
    '',
    ' ',
    '%',
    '_',
    '\\',
    "' OR 1=1 --",
    '%_\\%',
    '\u202E\u200B',
  ),
);
const farDates = fc.constantFrom(
  '9999-12-31',
  '0001-01-01',
  '0000-01-01',
  '+275760-09-13',
  '2024-02-30',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2026-13-45T99:99:99Z',
);
const forgedCursors = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).map(b64),
  fc.constantFrom(
    b64('9999-12-31T23:59:59.999Z|1'),
    b64('+275760-09-13T00:00:00.000Z|1'),
    b64('-271821-04-20T00:00:00.000Z|1'),
    b64('0001-01-01T00:00:00.000Z|9007199254740991'),
    b64('2026-01-01T00:00:00.000Z|99999999999999999999'),
    b64('2026-01-01T00:00:00.000Z|-1'),
    b64('1|1'),
    b64('\u0000|\u0000'),
    'not base64 at all!',
  ),
);
const extremeNumbers = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '-100',
    '1e308',
    '-1e308',
    '1e309',
    '9007199254740993',
    'NaN',
    'Infinity',
    '1.5',
    '0x10',
    '99999999999999999999',
  ),
  fc.double().map(String),
  fc.integer().map(String),
);
/** For JSON bodies: values of the wrong type. */
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant(1e308),
  fc.constant(-1),
);

const anyBad = fc.oneof(nulAndSurrogates, exoticStrings, farDates, forgedCursors, extremeNumbers);
function badFor(field: Field, inBody: boolean): fc.Arbitrary<unknown> {
  const k = field.kind;
  if (!inBody) return anyBad;
  if (k.kind === 'array')
    return fc.oneof(
      wrongTypes,
      fc.array(anyBad, { maxLength: 3 }),
      fc.constant(Array.from({ length: 600 }, () => '00000000-0000-4000-8000-000000000000')),
    );
  if (k.kind === 'object') return fc.oneof(wrongTypes, fc.dictionary(fc.string({ maxLength: 8 }), anyBad, { maxKeys: 3 }));
  return fc.oneof(anyBad, wrongTypes);
}

type Location = 'params' | 'query' | 'body';
interface Probe {
  location: Location;
  field: string;
  value: unknown;
}

/**
 * The inputs that once answered 500, tried on every field of their kind in every run (the random
 * probes may miss them): NUL bytes and lone surrogates in text, far dates, forged cursors.
 */
function classics(field: string, f: Field): unknown[] {
  const k = f.kind;
  if (k.kind === 'string' && k.format === 'date') return ['9999-12-31', '0001-01-01'];
  if (k.kind === 'string' && k.format === 'datetime') return ['9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z'];
  if (field === 'cursor') return [b64('+275760-09-13T00:00:00.000Z|1'), b64('-271821-04-20T00:00:00.000Z|1')];
  if (k.kind === 'string' && !k.format) return ['a\u0000b', 'x\uD800y'];
  return [];
}

function probes(route: RouteEntry): { arb: fc.Arbitrary<Probe>; examples: [Probe][] } | null {
  const arbs: fc.Arbitrary<Probe>[] = [];
  const examples: [Probe][] = [];
  const add = (location: Location, schema: unknown) => {
    for (const [field, f] of fieldsOf(schema)) {
      arbs.push(badFor(f, location === 'body').map((value) => ({ location, field, value })));
      for (const value of classics(field, f)) examples.push([{ location, field, value }]);
    }
  };
  add('params', route.schema.params);
  add('query', route.schema.querystring);
  add('body', route.schema.body);
  if (route.schema.body) arbs.push(wrongTypes.map((value) => ({ location: 'body' as const, field: '', value })));
  return arbs.length ? { arb: fc.oneof(...arbs), examples } : null;
}

const TEXT_SAFE = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The API's one error shape and nothing else. */
function checkShape(status: number, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 120)}`;
  }
  const ok = ZApiError.strict().safeParse(parsed);
  if (!ok.success || Object.keys((parsed as { error: object }).error).some((k) => !['code', 'message', 'fields'].includes(k))) {
    return `answered ${status} outside the API's error shape: ${text.slice(0, 160)}`;
  }
  return null;
}

let requests = 0;
const routes = t.app.routeTable;

describe(`bad input on every route (fast-check seed ${SEED})`, () => {
  it('covers every route of the table', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const caller = callerFor(route);
      const who = api.as(caller);
      const params = ownParams(route, fx.acme);
      const query = validSample(route.schema.querystring, fx.acme, `query of ${route.method} ${route.url}`) ?? {};
      const body = validSample(route.schema.body, fx.acme, `body of ${route.method} ${route.url}`);
      const failures: string[] = [];
      const send = async (label: string, p: Record<string, string>, q: Record<string, unknown>, b: unknown, hasBody: boolean) => {
        requests++;
        const url = looseQuery(fillUrl(route.url, p), q);
        const res = await who.request(route.method, url, hasBody ? b : undefined);
        const problem = checkShape(res.status, res.body);
        if (problem) failures.push(`${label}: ${problem}`);
      };

      const generated = probes(route);
      if (generated) {
        await fc.assert(
          fc.asyncProperty(generated.arb, async (probe) => {
            const p = { ...params };
            const q: Record<string, unknown> = { ...query };
            let b: unknown = body ? { ...body } : undefined;
            if (probe.location === 'params') p[probe.field] = TEXT_SAFE(probe.value);
            else if (probe.location === 'query') q[probe.field] = TEXT_SAFE(probe.value);
            else if (probe.field === '') b = probe.value;
            else b = { ...(body ?? {}), [probe.field]: probe.value };
            await send(
              `${probe.location}.${probe.field || '(whole)'}=${JSON.stringify(probe.value)?.slice(0, 80)}`,
              p,
              q,
              b,
              probe.location === 'body' || body !== undefined,
            );
            return true;
          }),
          { numRuns: RUNS * (fieldsOf(route.schema.params).length ? 1 : 0) + RUNS * 2, seed: SEED, examples: generated.examples },
        );
      }
      // A path parameter far longer than any id (past Fastify's parameter limit), and a 12 kB query string.
      if (route.url.includes(':')) {
        const long = Object.fromEntries(Object.keys(params).map((k) => [k, 'a'.repeat(12_000)]));
        await send('a 12 kB parameter', long, query, body, body !== undefined);
      }
      // Only on reads: with valid parameters a mutation would run (a delete would delete).
      if (route.method === 'GET') await send('a 12 kB query string', params, { ...query, zz: 'q'.repeat(12_000) }, body, false);
      expect(failures, `${failures.length} bad answers (seed ${SEED})`).toEqual([]);
    });
  }
});

/** Raw HTTP, where Node's parser (not the app) refuses oversized request lines and header sets. */
function rawRequest(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('oversized requests over HTTP', () => {
  it('answers a 20 kB URL and a huge header set in the API error shape', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = served.app.server.address() as AddressInfo;
      // Node's parser counts the request line in its 16 kB header limit.
      const longUrl = await rawRequest(port, `/api/numbers?search=${'n'.repeat(20_000)}`, {});
      expect(longUrl.status).toBe(431);
      expect(checkShape(longUrl.status, longUrl.body)).toBeNull();
      const headers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x-filler-${i}`, 'h'.repeat(100)]));
      const bigHeaders = await rawRequest(port, '/api/numbers', headers);
      expect(bigHeaders.status).toBe(431);
      expect(checkShape(bigHeaders.status, bigHeaders.body)).toBeNull();
      const longParam = await rawRequest(port, `/api/accounts/${'a'.repeat(5_000)}`, {});
      expect(longParam.status).toBe(414);
      expect(checkShape(longParam.status, longParam.body)).toBeNull();
      requests += 3;
    } finally {
      await served.close();
    }
  });

  it('made a few thousand requests', () => {
    expect(requests).toBeGreaterThan(1000);
    // biome-ignore lint/suspicious/noConsole: the suite reports how much it probed
    console.info(`route-bad-input: ${routes.length} routes, ${requests} requests, seed ${SEED}`);
  });
});
