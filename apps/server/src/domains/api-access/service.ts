import { randomInt } from 'node:crypto';
import {
  API_KEY_PREFIXES,
  API_REQUEST_CSV_HEADER,
  statusText,
  type TApiKey,
  type TApiKeyCreated,
  type TApiRequest,
  type TApiScope,
  type TExportApiRequestsQuery,
  type TListApiKeysQuery,
  type TListApiRequestsQuery,
  type ZApiKeyBody,
  type ZRollApiKeyBody,
} from '@portal/contract/api-access';
import type { TPage } from '@portal/contract/common';
import { ipAllowed } from '@portal/contract/ip';
import type { z } from 'zod';
import { type Purged, purgeBefore } from '../../db/partitions.ts';
import { type ApiKeyActor, type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { dayRange, decodeCursor } from '../../lib/cursor.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CsvExport } from '../../lib/export.ts';
import { findAccountInScope, recordListScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { runStatement, statementExport, statementPage } from '../../lib/sql-statement.ts';
import { sha256 } from '../../lib/tokens.ts';
import { auditFor } from '../audit/service.ts';
import { requireFreshTwoFactor } from '../auth/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('api_key');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: the environment's prefix and 40 random base62 characters (about 238 bits). */
function newKey(environment: keyof typeof API_KEY_PREFIXES): string {
  let key = API_KEY_PREFIXES[environment];
  for (let i = 0; i < 40; i++) key += BASE62[randomInt(BASE62.length)];
  return key;
}

type KeyRow = NonNullable<Awaited<ReturnType<typeof repo.keyById>>>;
function toKey(r: KeyRow, now = new Date()): TApiKey {
  const expired = Boolean((r.expiresAt && r.expiresAt <= now) || (r.graceUntil && r.graceUntil <= now));
  return {
    ...r,
    scopes: r.scopes as TApiScope[],
    expiresAt: iso(r.expiresAt),
    expired,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    graceUntil: iso(r.graceUntil),
  };
}

export async function listKeys(ctx: Ctx, q: TListApiKeysQuery): Promise<TPage<TApiKey>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listKeys(ctx.db, scope, q);
  const now = new Date();
  return pageOf(
    rows.map((r) => toKey(r, now)),
    total,
    q,
  );
}

export async function getKey(ctx: Ctx, id: string): Promise<TApiKey> {
  const row = await repo.keyById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('API key');
  return toKey(row);
}

async function notifyCompany(tx: Ctx, customerId: string, event: 'apiKeyGenerated' | 'apiKeyRevoked', title: string, message: string) {
  const admins = await customerAdminIds(tx, customerId);
  const me = tx.actor?.type === 'user' ? tx.actor.userId : null;
  await notifyUsers(
    tx,
    admins.filter((id) => id !== me),
    { event, title, message, link: '/customer/api' },
  );
}

/** Generates a key: stored as its SHA-256 hash, shown whole once in this answer. */
export async function createKey(ctx: Ctx, body: z.output<typeof ZApiKeyBody>): Promise<TApiKeyCreated> {
  const account = await findAccountInScope(ctx.db, body.accountId, ownCustomer(ctx));
  if (!account) throw invalid({ accountId: 'Choose an account' });
  if (account.status === 'suspended' || account.status === 'cancelled')
    throw invalid({ accountId: `The account is ${account.status}: it cannot have new keys` });
  const expiresAt = body.expiresOn ? dayRange(body.expiresOn, body.expiresOn).until : null;
  if (expiresAt && expiresAt <= new Date()) throw invalid({ expiresOn: 'The expiry date must be in the future' });
  await requireFreshTwoFactor(ctx, body.twoFactorCode);
  const key = newKey(body.environment);
  const id = await inTransaction(ctx, async (tx) => {
    if (await repo.keyNameTaken(tx.db, account.id, body.name))
      throw invalid({ name: `${account.name} already has an active key named ${body.name}` });
    const { id } = await repo.insertKey(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      name: body.name,
      environment: body.environment,
      keyPrefix: key.slice(0, 16),
      last4: key.slice(-4),
      keyHash: sha256(key),
      scopes: body.scopes,
      ipAllowlist: body.ipAllowlist,
      expiresAt,
    });
    await audit(
      tx,
      'api.key.create',
      { id, customerId: account.customerId },
      `Generated ${body.environment} API key ${body.name} (${key.slice(0, 8)}…${key.slice(-4)}) for ${account.name}`,
      { after: { name: body.name, environment: body.environment, scopes: body.scopes, ipAllowlist: body.ipAllowlist, expiresAt } },
    );
    await notifyCompany(
      tx,
      account.customerId,
      'apiKeyGenerated',
      'API key generated',
      `${body.name} (${key.slice(0, 8)}…${key.slice(-4)}) was generated for ${account.name}.`,
    );
    return id;
  });
  return { ...(await getKey(ctx, id)), key };
}

/** Revokes a key: every instance refuses it from the next request (the check reads the database). */
export async function revokeKey(ctx: Ctx, id: string): Promise<TApiKey> {
  const before = await getKey(ctx, id);
  if (before.status === 'Revoked') throw invalid({ id: 'The key is already revoked' }, 'The key is already revoked');
  await inTransaction(ctx, async (tx) => {
    await repo.updateKey(tx.db, id, { status: 'Revoked', revokedAt: new Date() });
    await audit(tx, 'api.key.revoke', before, `Revoked API key ${before.name} (${before.keyPrefix.slice(0, 8)}…${before.last4})`, {
      before: { status: before.status },
      after: { status: 'Revoked' },
    });
    await notifyCompany(
      tx,
      before.customerId,
      'apiKeyRevoked',
      'API key revoked',
      `${before.name} (${before.keyPrefix.slice(0, 8)}…${before.last4}) was revoked.`,
    );
  });
  return getKey(ctx, id);
}

export async function deleteKey(ctx: Ctx, id: string): Promise<void> {
  const before = await getKey(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await repo.deleteKey(tx.db, id);
    await audit(tx, 'api.key.delete', before, `Deleted API key ${before.name} (${before.keyPrefix.slice(0, 8)}…${before.last4})`, {
      before: { name: before.name, environment: before.environment, status: before.status },
    });
  });
}

/** Rolls a key: a new key with the same settings; the old one keeps working for the grace period. */
export async function rollKey(ctx: Ctx, id: string, body: z.output<typeof ZRollApiKeyBody>): Promise<TApiKeyCreated> {
  const before = await getKey(ctx, id);
  if (before.status === 'Revoked' || before.expired)
    throw invalid({ id: 'Only a working key can be rolled' }, 'Only a working key can be rolled');
  const key = newKey(before.environment);
  const now = new Date();
  const graceUntil = new Date(now.getTime() + body.graceHours * 3_600_000);
  const newId = await inTransaction(ctx, async (tx) => {
    const { id: created } = await repo.insertKey(tx.db, {
      customerId: before.customerId,
      accountId: before.accountId,
      name: before.name,
      environment: before.environment,
      keyPrefix: key.slice(0, 16),
      last4: key.slice(-4),
      keyHash: sha256(key),
      scopes: before.scopes,
      ipAllowlist: before.ipAllowlist,
      expiresAt: before.expiresAt ? new Date(before.expiresAt) : null,
      rolledFromId: id,
    });
    // the old key: working until the grace ends, then revoked
    await repo.updateKey(tx.db, id, body.graceHours === 0 ? { status: 'Revoked', revokedAt: now, graceUntil: now } : { graceUntil });
    await audit(
      tx,
      'api.key.roll',
      { id: created, customerId: before.customerId },
      `Rolled API key ${before.name}: ${before.keyPrefix.slice(0, 8)}…${before.last4} works until ${graceUntil.toISOString()} beside ${key.slice(0, 8)}…${key.slice(-4)}`,
      { before: { id, graceUntil: null }, after: { id: created, graceUntil } },
    );
    return created;
  });
  return { ...(await getKey(ctx, newId)), key };
}

// ---------------------------------------------------------------------------------------------
// The public API's key check

export const KEY_ERRORS = {
  missing: 'Send your API key as "Authorization: Bearer <key>"',
  invalid: 'The API key is not valid',
  revoked: 'The API key has been revoked',
  expired: 'The API key has expired',
  address: 'The API key may not be used from this address',
  account: 'The account of this API key is not active',
};

/**
 * The actor a presented key stands for and its call counts, or a 401/403 with a stable code.
 * Reads the database on every call (one statement that also counts the call), so a revoked key is
 * refused by every instance at once.
 */
export async function authenticateKey(
  ctx: Ctx,
  presented: string | null,
  ip: string,
): Promise<{ actor: ApiKeyActor & { scopes: TApiScope[] }; counts: { second: CallCount; day: CallCount } }> {
  if (!presented) throw new AppError(401, 'UNAUTHORIZED', KEY_ERRORS.missing);
  const [row] = presented.length <= 200 ? await runStatement<repo.KeyCheck>(ctx.database, repo.keyCheckStatement(sha256(presented))) : [];
  if (!row) throw new AppError(401, 'UNAUTHORIZED', KEY_ERRORS.invalid);
  const now = new Date();
  if (row.status === 'Revoked') throw new AppError(401, 'UNAUTHORIZED', KEY_ERRORS.revoked);
  if ((row.expires_at && row.expires_at <= now) || (row.grace_until && row.grace_until <= now))
    throw new AppError(401, 'UNAUTHORIZED', KEY_ERRORS.expired);
  if (row.account_deleted || row.account_status === 'suspended' || row.account_status === 'cancelled')
    throw new AppError(403, 'FORBIDDEN', KEY_ERRORS.account);
  if (!ipAllowed(ip, row.ip_allowlist)) throw new AppError(403, 'FORBIDDEN', KEY_ERRORS.address);
  const count = (prefix: string, fallbackTtl: number): CallCount => {
    const h = row.hits.find((x) => x.key.startsWith(prefix));
    return { hits: Number(h?.hits ?? 1), ttl: Number(h?.ttl ?? fallbackTtl) };
  };
  return {
    actor: {
      type: 'apiKey',
      keyId: row.id,
      label: row.name,
      roleKey: 'customer:user',
      customerId: row.customer_id,
      accountId: row.account_id,
      scopes: row.scopes as TApiScope[],
      environment: row.environment,
    },
    counts: { second: count('api:s:', 1), day: count('api:d:', 86_400) },
  };
}

export interface CallCount {
  hits: number;
  ttl: number;
}

export type { LoggedRequest } from './repo.ts';

/** Writes a batch of the public API's request log and the keys' last use (the logger's flush). */
export async function recordRequests(
  ctx: Ctx,
  rows: repo.LoggedRequest[],
  uses: { id: string; at: Date; ip: string | null }[],
): Promise<void> {
  if (rows.length) await runStatement(ctx.database, repo.insertRequestsStatement(rows));
  if (uses.length) await runStatement(ctx.database, repo.touchKeysStatement(uses));
}

/** The request log is kept apiLogRetentionDays (the daily purge job): whole months dropped, then the rest of the oldest. */
export async function purgeExpiredRequests(ctx: Ctx, now: Date): Promise<Purged> {
  const { apiLogRetentionDays } = await getSettings(ctx.db);
  return purgeBefore(ctx.db, 'api_requests', new Date(now.getTime() - apiLogRetentionDays * 86_400_000));
}

// ---------------------------------------------------------------------------------------------
// The request log (Usage)

async function requestCriteria(ctx: Ctx, q: TExportApiRequestsQuery, strict: boolean): Promise<repo.RequestCriteria> {
  const scope = await recordListScope(ctx, q, strict);
  const range = dayRange(q.startDate, q.endDate, 'UTC');
  return {
    ...scope,
    apiKeyId: q.apiKeyId,
    statusClass: q.statusClass,
    method: q.method,
    endpoint: q.endpoint,
    since: range.from,
    until: range.until,
  };
}

interface RequestRow {
  id: string;
  created_at: Date;
  method: string;
  endpoint: string;
  status_code: number;
  response_ms: number;
  request_id: string | null;
  key_name: string | null;
  key_prefix: string | null;
  account_name: string;
}

export async function listRequests(ctx: Ctx, q: TListApiRequestsQuery): Promise<{ items: TApiRequest[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const criteria = await requestCriteria(ctx, q, false);
  return statementPage(
    ctx.database,
    repo.requestPageStatement(criteria, after, q.limit),
    q.limit,
    (r: RequestRow) => r.created_at,
    (r) => ({
      id: r.id,
      createdAt: new Date(r.created_at).toISOString(),
      method: r.method,
      endpoint: r.endpoint,
      statusCode: Number(r.status_code),
      status: statusText(Number(r.status_code)),
      responseMs: Number(r.response_ms),
      keyName: r.key_name,
      keyPrefix: r.key_prefix,
      accountName: r.account_name,
      requestId: r.request_id,
    }),
  );
}

export async function exportRequests(ctx: Ctx, q: TExportApiRequestsQuery): Promise<CsvExport> {
  const criteria = await requestCriteria(ctx, q, true);
  return statementExport(ctx.database, {
    fileName: `api-requests-${new Date().toISOString().slice(0, 10)}.csv`,
    header: API_REQUEST_CSV_HEADER,
    whole: repo.requestExportStatement(criteria),
    chunk: (after, size) => repo.requestExportChunkStatement(criteria, after, size),
  });
}
