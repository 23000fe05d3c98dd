import { normalizeIp, type TListIpsQuery, type TListTrunksQuery, type TTrunkIp } from '@portal/contract/voice';
import { and, asc, count, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, customers, ipAddresses, trunkIps, trunks } from '../../db/schema/index.ts';
import { formulaSafeSql } from '../../lib/export.ts';
import type { ListScope } from '../../lib/list-scope.ts';
import { containsAny, likePattern, readPage } from '../../lib/paging.ts';
import type { Statement } from '../../lib/sql-statement.ts';

function trunkWhere(scope: ListScope, q: Pick<TListTrunksQuery, 'search' | 'status'>): SQL | undefined {
  const term = q.search ? likePattern(q.search) : null;
  return and(
    isNull(accounts.deletedAt),
    scope.customerId ? eq(trunks.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(trunks.accountId, scope.accountId) : undefined,
    q.status ? eq(trunks.status, q.status) : undefined,
    term
      ? or(
          ilike(trunks.trunkName, term),
          ilike(accounts.name, term),
          sql`exists (select 1 from ${trunkIps} where ${trunkIps.trunkId} = ${trunks.id} and (${trunkIps.ip} ilike ${term} or ${trunkIps.name} ilike ${term}))`,
        )
      : undefined,
  );
}

/** A trunk's columns with its account's name. */
const trunksFrom = (db: DbOrTx) =>
  db
    .select({
      id: trunks.id,
      trunkName: trunks.trunkName,
      routeStrategy: trunks.routeStrategy,
      status: trunks.status,
      customerId: trunks.customerId,
      accountId: trunks.accountId,
      accountName: accounts.name,
      createdAt: trunks.createdAt,
    })
    .from(trunks)
    .innerJoin(accounts, eq(accounts.id, trunks.accountId));

export async function listTrunks(db: DbOrTx, scope: ListScope, q: TListTrunksQuery) {
  const where = trunkWhere(scope, q);
  return readPage(
    q,
    trunksFrom(db).where(where).orderBy(asc(accounts.name), asc(trunks.trunkName), asc(trunks.id)),
    db.select({ n: count() }).from(trunks).innerJoin(accounts, eq(accounts.id, trunks.accountId)).where(where),
  );
}

export async function trunkById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await trunksFrom(db).where(
    and(eq(trunks.id, id), isNull(accounts.deletedAt), scopeCustomerId ? eq(trunks.customerId, scopeCustomerId) : undefined),
  );
  return row;
}

export async function ipsOfTrunks(db: DbOrTx, trunkIdList: string[]) {
  if (trunkIdList.length === 0) return [];
  return db
    .select({ trunkId: trunkIps.trunkId, groupName: trunkIps.groupName, ip: trunkIps.ip, name: trunkIps.name })
    .from(trunkIps)
    .where(inArray(trunkIps.trunkId, trunkIdList))
    .orderBy(asc(trunkIps.trunkId), asc(trunkIps.groupName), asc(trunkIps.position));
}

export async function insertTrunk(tx: DbOrTx, values: typeof trunks.$inferInsert) {
  const [row] = await tx.insert(trunks).values(values).returning({ id: trunks.id });
  return row;
}

export async function updateTrunk(tx: DbOrTx, id: string, set: Partial<typeof trunks.$inferInsert>) {
  await tx.update(trunks).set(set).where(eq(trunks.id, id));
}

export async function replaceGroup(tx: DbOrTx, trunkId: string, group: 'primary' | 'failover', rows: TTrunkIp[]) {
  await tx.delete(trunkIps).where(and(eq(trunkIps.trunkId, trunkId), eq(trunkIps.groupName, group)));
  if (rows.length)
    await tx
      .insert(trunkIps)
      .values(rows.map((r, position) => ({ trunkId, groupName: group, ip: normalizeIp(r.ip), name: r.name ?? null, position })));
}

export async function deleteTrunk(tx: DbOrTx, id: string) {
  await tx.delete(trunks).where(eq(trunks.id, id));
}

/** A registered 382 Network IP as lists and details show it. */
const ipColumns = {
  id: ipAddresses.id,
  ipAddress: ipAddresses.ipAddress,
  type: ipAddresses.type,
  status: ipAddresses.status,
  description: ipAddresses.description,
  lastUsedAt: ipAddresses.lastUsedAt,
  lastUpdated: ipAddresses.lastUpdated,
  accountId: ipAddresses.accountId,
  accountName: accounts.name,
};

export async function listIps(db: DbOrTx, scope: ListScope, q: TListIpsQuery) {
  const where = and(
    isNull(customers.deletedAt),
    scope.customerId ? eq(ipAddresses.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(ipAddresses.accountId, scope.accountId) : undefined,
    q.status ? eq(ipAddresses.status, q.status) : undefined,
    q.type ? eq(ipAddresses.type, q.type) : undefined,
    containsAny(q.search, ipAddresses.ipAddress, ipAddresses.description, accounts.name),
  );
  return readPage(
    q,
    db
      .select(ipColumns)
      .from(ipAddresses)
      .innerJoin(customers, eq(customers.id, ipAddresses.customerId))
      .leftJoin(accounts, eq(accounts.id, ipAddresses.accountId))
      .where(where)
      .orderBy(asc(accounts.name), asc(ipAddresses.type), asc(ipAddresses.ipAddress)),
    db
      .select({ n: count() })
      .from(ipAddresses)
      .innerJoin(customers, eq(customers.id, ipAddresses.customerId))
      .leftJoin(accounts, eq(accounts.id, ipAddresses.accountId))
      .where(where),
  );
}

/** One account's channel allocation (the caller's scope is checked by the service). */
export async function voiceAccount(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      accountCode: accounts.accountCode,
      customerId: accounts.customerId,
      customerName: customers.name,
      maxVoiceChannels: accounts.maxVoiceChannels,
    })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(and(eq(accounts.id, accountId), isNull(accounts.deletedAt), isNull(customers.deletedAt)));
  return row;
}

/** The channel allocation is the voice side of an account row. */
export async function setMaxVoiceChannels(tx: DbOrTx, accountId: string, maxVoiceChannels: number) {
  await tx.update(accounts).set({ maxVoiceChannels, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

// ---------------------------------------------------------------------------------------------
// CDRs: hand-written SQL, because the same statement serves the keyset page, the export's
// keyset chunks (PGlite) and PostgreSQL's COPY (which takes no bind parameters).

export interface CdrCriteria {
  customerId: string | null;
  accountId: string | null;
  from?: string | undefined;
  to?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

export function cdrWhere(c: CdrCriteria, params: unknown[]): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [];
  if (c.accountId) parts.push(`c.account_id = ${p(c.accountId)}::uuid`);
  if (c.customerId) parts.push(`c.customer_id = ${p(c.customerId)}::uuid`);
  if (c.since) parts.push(`c.started_at >= ${p(c.since.toISOString())}::timestamptz`);
  if (c.until) parts.push(`c.started_at < ${p(c.until.toISOString())}::timestamptz`);
  if (c.from) parts.push(`c.from_number LIKE ${p(likePattern(c.from))}`);
  if (c.to) parts.push(`c.to_number LIKE ${p(likePattern(c.to))}`);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** One page, newest first, after the keyset (exclusive). Fetches limit + 1 to know if there is more. */
export function cdrPageStatement(c: CdrCriteria, after: { at: Date; id: number } | null, limit: number): Statement {
  const params: unknown[] = [];
  let where = cdrWhere(c, params);
  if (after) {
    params.push(after.at.toISOString(), after.id);
    where += ` AND (c.started_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
  }
  params.push(limit + 1);
  return {
    text: `SELECT c.id::text AS id, c.call_id, c.account_id, a.name AS account_name, c.from_number, c.to_number, c.started_at,
       c.duration_seconds, c.status, c.direction, c.cost::text AS cost
FROM (SELECT * FROM cdrs c WHERE ${where} ORDER BY c.started_at DESC, c.id DESC LIMIT $${params.length}) c
JOIN accounts a ON a.id = c.account_id
ORDER BY c.started_at DESC, c.id DESC`,
    params,
  };
}

/** The export's columns, formatted by the database (the header row comes from the aliases). */
export function cdrExportSelect(tzParam: string): string {
  return `to_char(c.started_at AT TIME ZONE ${tzParam}, 'YYYY-MM-DD HH24:MI:SS') AS "Call Date/Time",
  ${formulaSafeSql('c.call_id')} AS "Call ID", ${formulaSafeSql('(SELECT a.name FROM accounts a WHERE a.id = c.account_id)')} AS "Account",
  c.from_number AS "Source", c.to_number AS "Destination",
  to_char(make_interval(secs => c.duration_seconds), 'HH24:MI:SS') AS "Duration",
  c.status AS "Status", c.direction AS "Direction", c.cost AS "Cost (USD)"`;
}

export function cdrExportStatement(c: CdrCriteria, timeZone: string): Statement {
  const params: unknown[] = [];
  const where = cdrWhere(c, params);
  params.push(timeZone);
  return {
    text: `SELECT ${cdrExportSelect(`$${params.length}`)} FROM cdrs c WHERE ${where} ORDER BY c.started_at DESC, c.id DESC`,
    params,
  };
}

/** One keyset chunk of the export with its key columns (PGlite path). */
export function cdrExportChunkStatement(
  c: CdrCriteria,
  timeZone: string,
  after: { at: Date; id: number } | null,
  limit: number,
): Statement {
  const params: unknown[] = [];
  let where = cdrWhere(c, params);
  if (after) {
    params.push(after.at.toISOString(), after.id);
    where += ` AND (c.started_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
  }
  params.push(timeZone);
  const tz = `$${params.length}`;
  params.push(limit);
  return {
    text: `SELECT ${cdrExportSelect(tz)}, c.started_at AS key_at, c.id::text AS key_id
FROM cdrs c WHERE ${where} ORDER BY c.started_at DESC, c.id DESC LIMIT $${params.length}`,
    params,
  };
}

// ---------------------------------------------------------------------------------------------
// 382 Network registrations

/** Registrations of these (normalised) addresses, whoever holds them. */
export async function registrationsOf(db: DbOrTx, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select({ id: ipAddresses.id, ipAddress: ipAddresses.ipAddress, customerId: ipAddresses.customerId, status: ipAddresses.status })
    .from(ipAddresses)
    .where(inArray(ipAddresses.ipAddress, addresses));
}

/** Which of these addresses another trunk (not `exceptTrunkId`) already uses. */
export async function addressesOnOtherTrunks(db: DbOrTx, addresses: string[], exceptTrunkId: string | null) {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectDistinct({ ip: trunkIps.ip })
    .from(trunkIps)
    .where(and(inArray(trunkIps.ip, addresses), exceptTrunkId ? ne(trunkIps.trunkId, exceptTrunkId) : undefined));
  return rows.map((r) => r.ip);
}

/** Putting an address on a trunk counts as using it (the 90-day rule). */
export async function touchAddresses(tx: DbOrTx, customerId: string, addresses: string[], at: Date) {
  if (addresses.length === 0) return;
  await tx
    .update(ipAddresses)
    .set({ lastUsedAt: at })
    .where(and(eq(ipAddresses.customerId, customerId), inArray(ipAddresses.ipAddress, addresses)));
}

/** Registrations are rare: one at a time keeps "an address belongs to one customer" a clear 400. */
export async function lockRegistrations(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(382006)`);
}

export async function insertIp(tx: DbOrTx, values: typeof ipAddresses.$inferInsert) {
  const [row] = await tx.insert(ipAddresses).values(values).returning({ id: ipAddresses.id });
  return row;
}

export async function ipById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select({ ...ipColumns, customerId: ipAddresses.customerId })
    .from(ipAddresses)
    .innerJoin(customers, eq(customers.id, ipAddresses.customerId))
    .leftJoin(accounts, eq(accounts.id, ipAddresses.accountId))
    .where(
      and(eq(ipAddresses.id, id), isNull(customers.deletedAt), scopeCustomerId ? eq(ipAddresses.customerId, scopeCustomerId) : undefined),
    );
  return row;
}

export async function updateIp(tx: DbOrTx, id: string, set: Partial<typeof ipAddresses.$inferInsert>) {
  await tx.update(ipAddresses).set(set).where(eq(ipAddresses.id, id));
}

/** Active registrations neither used nor registered since `cutoff` become Inactive. */
export async function deactivateUnusedSince(tx: DbOrTx, cutoff: Date, now: Date) {
  return tx
    .update(ipAddresses)
    .set({ status: 'Inactive', lastUpdated: now })
    .where(and(eq(ipAddresses.status, 'Active'), lt(sql`coalesce(${ipAddresses.lastUsedAt}, ${ipAddresses.createdAt})`, cutoff)))
    .returning({ id: ipAddresses.id, customerId: ipAddresses.customerId, ipAddress: ipAddresses.ipAddress });
}
