import type { TListApiKeysQuery } from '@portal/contract/api-access';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, apiKeys, customers } from '../../db/schema/index.ts';
import { formulaSafeSql } from '../../lib/export.ts';
import { containsAny, likePattern, readPage } from '../../lib/paging.ts';
import { afterKey, param, type Statement, type TimeKey } from '../../lib/sql-statement.ts';

type Scope = { customerId: string | null; accountId: string | null };

const keyColumns = {
  id: apiKeys.id,
  customerId: apiKeys.customerId,
  customerName: customers.name,
  accountId: apiKeys.accountId,
  accountName: accounts.name,
  name: apiKeys.name,
  environment: apiKeys.environment,
  keyPrefix: apiKeys.keyPrefix,
  last4: apiKeys.last4,
  status: apiKeys.status,
  scopes: apiKeys.scopes,
  ipAllowlist: apiKeys.ipAllowlist,
  expiresAt: apiKeys.expiresAt,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
  graceUntil: apiKeys.graceUntil,
};

const inScope = (scope: Scope) =>
  and(
    isNull(customers.deletedAt),
    isNull(accounts.deletedAt),
    scope.customerId ? eq(apiKeys.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(apiKeys.accountId, scope.accountId) : undefined,
  );

export async function listKeys(db: DbOrTx, scope: Scope, q: TListApiKeysQuery) {
  const where = and(
    inScope(scope),
    q.status ? eq(apiKeys.status, q.status) : undefined,
    q.environment ? eq(apiKeys.environment, q.environment) : undefined,
    containsAny(q.search, apiKeys.name, apiKeys.keyPrefix),
  );
  const from = () =>
    db
      .select(keyColumns)
      .from(apiKeys)
      .innerJoin(customers, eq(customers.id, apiKeys.customerId))
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId));
  return readPage(
    q,
    from().where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    db
      .select({ n: count() })
      .from(apiKeys)
      .innerJoin(customers, eq(customers.id, apiKeys.customerId))
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
      .where(where),
  );
}

export async function keyById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.id, id), inScope({ customerId: scopeCustomerId, accountId: null })));
  return row;
}

export async function insertKey(tx: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row as { id: string };
}

export async function updateKey(tx: DbOrTx, id: string, set: Partial<typeof apiKeys.$inferInsert>) {
  await tx.update(apiKeys).set(set).where(eq(apiKeys.id, id));
}

export async function deleteKey(tx: DbOrTx, id: string) {
  await tx.delete(apiKeys).where(eq(apiKeys.id, id));
}

/** One call of the public API, as the request log keeps it. */
export interface LoggedRequest {
  apiKeyId: string;
  customerId: string;
  accountId: string;
  method: string;
  endpoint: string;
  statusCode: number;
  responseMs: number;
  requestId: string;
  ip: string | null;
  createdAt: Date;
}

/**
 * A batch of the request log in one statement whatever its size (each column one array), so its
 * text never changes; the logger's flush writes it off the requests' path.
 */
export function insertRequestsStatement(rows: LoggedRequest[]): Statement {
  const column = <K extends keyof LoggedRequest>(k: K) => rows.map((r) => r[k]);
  return {
    name: 'portal_api_request_log',
    text: `INSERT INTO api_requests (api_key_id, customer_id, account_id, method, endpoint, status_code, response_ms, request_id, ip, created_at)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[], $9::text[], $10::timestamptz[])`,
    params: [
      column('apiKeyId'),
      column('customerId'),
      column('accountId'),
      column('method'),
      column('endpoint'),
      column('statusCode'),
      column('responseMs'),
      column('requestId'),
      column('ip'),
      rows.map((r) => r.createdAt.toISOString()),
    ],
  };
}

/** The keys' last use (time and address), in one statement for the batch; never moved backwards. */
export function touchKeysStatement(uses: { id: string; at: Date; ip: string | null }[]): Statement {
  return {
    name: 'portal_api_keys_touch',
    text: `UPDATE api_keys k SET last_used_at = u.at, last_used_ip = u.ip
FROM unnest($1::uuid[], $2::timestamptz[], $3::text[]) AS u(id, at, ip)
WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
    params: [uses.map((u) => u.id), uses.map((u) => u.at.toISOString()), uses.map((u) => u.ip)],
  };
}

// ---------------------------------------------------------------------------------------------
// The request log: keyset paged, newest first (hand-written, like the other record lists).

export interface RequestCriteria {
  customerId: string | null;
  accountId: string | null;
  apiKeyId?: string | undefined;
  statusClass?: string | undefined;
  method?: string | undefined;
  endpoint?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

function requestWhere(c: RequestCriteria, params: unknown[]): string {
  const p = (v: unknown) => param(params, v);
  const parts: string[] = [];
  if (c.accountId) parts.push(`r.account_id = ${p(c.accountId)}::uuid`);
  if (c.customerId) parts.push(`r.customer_id = ${p(c.customerId)}::uuid`);
  if (c.apiKeyId) parts.push(`r.api_key_id = ${p(c.apiKeyId)}::uuid`);
  if (c.since) parts.push(`r.created_at >= ${p(c.since.toISOString())}::timestamptz`);
  if (c.until) parts.push(`r.created_at < ${p(c.until.toISOString())}::timestamptz`);
  if (c.statusClass) {
    const base = Number(c.statusClass[0]) * 100;
    parts.push(`r.status_code >= ${p(base)} AND r.status_code < ${p(base + 100)}`);
  }
  if (c.method) parts.push(`r.method = ${p(c.method)}`);
  if (c.endpoint) parts.push(`r.endpoint LIKE ${p(likePattern(c.endpoint))}`);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

export function requestPageStatement(c: RequestCriteria, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = requestWhere(c, params) + afterKey(params, 'r.created_at', 'r.id', after);
  const lim = param(params, limit + 1);
  return {
    text: `SELECT r.id::text AS id, r.created_at, r.method, r.endpoint, r.status_code, r.response_ms, r.request_id,
       k.name AS key_name, k.key_prefix, a.name AS account_name
FROM (SELECT * FROM api_requests r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${lim}) r
JOIN accounts a ON a.id = r.account_id
LEFT JOIN api_keys k ON k.id = r.api_key_id
ORDER BY r.created_at DESC, r.id DESC`,
    params,
  };
}

function requestExportSelect(): string {
  return `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "Timestamp", r.method AS "Method",
  ${formulaSafeSql('r.endpoint')} AS "Endpoint", r.status_code AS "Status", r.response_ms AS "Response Time (ms)",
  ${formulaSafeSql("(SELECT k.name || ' (' || left(k.key_prefix, 8) || '…' || k.last4 || ')' FROM api_keys k WHERE k.id = r.api_key_id)")} AS "Key",
  ${formulaSafeSql('(SELECT a.name FROM accounts a WHERE a.id = r.account_id)')} AS "Account", r.request_id AS "Request ID"`;
}

export function requestExportStatement(c: RequestCriteria): Statement {
  const params: unknown[] = [];
  const where = requestWhere(c, params);
  return { text: `SELECT ${requestExportSelect()} FROM api_requests r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC`, params };
}

export function requestExportChunkStatement(c: RequestCriteria, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = requestWhere(c, params) + afterKey(params, 'r.created_at', 'r.id', after);
  const lim = param(params, limit);
  return {
    text: `SELECT ${requestExportSelect()}, r.created_at AS key_at, r.id::text AS key_id
FROM api_requests r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${lim}`,
    params,
  };
}

export const customerOfAccount = (db: DbOrTx, accountId: string) =>
  db
    .select({ customerId: accounts.customerId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .then((r) => r[0]?.customerId);

export const keyNameTaken = async (db: DbOrTx, accountId: string, name: string) =>
  Boolean(
    (
      await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), sql`lower(${apiKeys.name}) = lower(${name})`, eq(apiKeys.status, 'Active')))
    )[0],
  );

export interface KeyCheck {
  id: string;
  name: string;
  customer_id: string;
  account_id: string;
  environment: string;
  status: string;
  scopes: string[];
  ip_allowlist: string[];
  expires_at: Date | null;
  grace_until: Date | null;
  account_status: string;
  account_deleted: Date | null;
  hits: { key: string; hits: number; ttl: number }[];
}

/**
 * The public API's one statement a call: the presented key (by hash, with its account) and, for
 * an active key, its per-second and per-day counters incremented atomically (fixed windows in
 * rate_limit_hits, shared by every instance). Its text never changes: named, it is parsed and
 * planned once per connection.
 */
const KEY_CHECK = {
  name: 'portal_api_key_check',
  text: `WITH k AS (
  SELECT k.id, k.name, k.customer_id, k.account_id, k.environment, k.status, k.scopes, k.ip_allowlist, k.expires_at,
         k.grace_until, a.status AS account_status, a.deleted_at AS account_deleted
  FROM api_keys k JOIN accounts a ON a.id = k.account_id
  WHERE k.key_hash = $1
), hits AS (
  INSERT INTO rate_limit_hits AS h (key, hits, resets_at)
  SELECT 'api:s:' || k.id, 1, now() + interval '1 second' FROM k WHERE k.status = 'Active'
  UNION ALL
  SELECT 'api:d:' || k.id, 1, date_trunc('day', now()) + interval '1 day' FROM k WHERE k.status = 'Active'
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.resets_at <= now() THEN 1 ELSE h.hits + 1 END,
    resets_at = CASE WHEN h.resets_at <= now() THEN excluded.resets_at ELSE h.resets_at END
  RETURNING h.key, h.hits, greatest(ceil(extract(epoch from h.resets_at - now())), 0)::int AS ttl
)
SELECT k.*, (SELECT coalesce(json_agg(x), '[]'::json) FROM hits x) AS hits FROM k`,
};

export const keyCheckStatement = (keyHash: string): Statement => ({ ...KEY_CHECK, params: [keyHash] });
