import type { Readable } from 'node:stream';
import type {
  TCdr,
  TCdrPage,
  TChannelAllocationBody,
  TExportCdrsQuery,
  TIpAddressPage,
  TListCdrsQuery,
  TListIpsQuery,
  TListTrunksQuery,
  TTrunk,
  TTrunkPage,
  TVoiceAccount,
} from '@portal/contract/voice';
import { CDR_CSV_HEADER, PLATFORM_IPS, type ZCreateTrunkBody, type ZUpdateTrunkBody } from '@portal/contract/voice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import type { z } from 'zod';
import { csvLine, csvStream } from '../../lib/csv.ts';
import { dayRange, decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, ownCustomer, resolveListScope } from '../../lib/list-scope.ts';
import { authOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repo.ts';

type TrunkRow = NonNullable<Awaited<ReturnType<typeof repo.trunkById>>>;

async function withGroups(app: FastifyInstance, rows: TrunkRow[]): Promise<TTrunk[]> {
  const ips = await repo.ipsOfTrunks(
    app.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = ips.filter((ip) => ip.trunkId === r.id);
    const group = (g: 'primary' | 'failover') => mine.filter((ip) => ip.groupName === g).map(({ ip, name }) => ({ ip, name }));
    return { ...r, createdAt: r.createdAt.toISOString(), primaryGroup: group('primary'), failoverGroup: group('failover') };
  });
}

export async function listTrunks(app: FastifyInstance, req: FastifyRequest, q: TListTrunksQuery): Promise<TTrunkPage> {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const { rows, total } = await repo.listTrunks(app.db, scope, q);
  return { items: await withGroups(app, rows), total, page: q.page, pageSize: q.pageSize };
}

async function trunkInScope(app: FastifyInstance, req: FastifyRequest, id: string) {
  const row = await repo.trunkById(app.db, id, ownCustomer(authOf(req)));
  if (!row) throw notFound('Trunk');
  return row;
}

async function oneTrunk(app: FastifyInstance, req: FastifyRequest, id: string): Promise<TTrunk> {
  const [trunk] = await withGroups(app, [await trunkInScope(app, req, id)]);
  if (!trunk) throw notFound('Trunk');
  return trunk;
}

export async function createTrunk(app: FastifyInstance, req: FastifyRequest, body: z.output<typeof ZCreateTrunkBody>) {
  const auth = authOf(req);
  const id = await app.db.transaction(async (tx) => {
    const account = await findAccountInScope(tx, body.accountId, ownCustomer(auth));
    if (!account) throw invalid({ accountId: 'Choose an account' });
    const row = await repo.insertTrunk(tx, {
      customerId: account.customerId,
      accountId: account.id,
      trunkName: body.trunkName,
      routeStrategy: body.routeStrategy,
      status: body.status,
    });
    if (!row) throw new Error('insert failed');
    await repo.replaceGroup(tx, row.id, 'primary', body.primaryGroup);
    await repo.replaceGroup(tx, row.id, 'failover', body.failoverGroup);
    await recordAudit(tx, req, {
      action: 'trunk.create',
      entityType: 'trunk',
      entityId: row.id,
      customerId: account.customerId,
      summary: `Created trunk ${body.trunkName} on ${account.name}`,
      after: body,
    });
    return row.id;
  });
  return oneTrunk(app, req, id);
}

export async function updateTrunk(app: FastifyInstance, req: FastifyRequest, id: string, body: z.output<typeof ZUpdateTrunkBody>) {
  const before = await oneTrunk(app, req, id);
  // a group change is checked against the other group as it stands
  const primary = body.primaryGroup ?? before.primaryGroup;
  const failover = body.failoverGroup ?? before.failoverGroup;
  const inPrimary = new Set(primary.map((r) => r.ip.toLowerCase()));
  failover.forEach((r, i) => {
    if (inPrimary.has(r.ip.toLowerCase()))
      throw invalid({ [`${body.failoverGroup ? 'failoverGroup' : 'primaryGroup'}.${i}.ip`]: 'This IP address is in both groups' });
  });
  await app.db.transaction(async (tx) => {
    const set = {
      ...(body.trunkName !== undefined ? { trunkName: body.trunkName } : {}),
      ...(body.routeStrategy !== undefined ? { routeStrategy: body.routeStrategy } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      updatedAt: new Date(),
    };
    await repo.updateTrunk(tx, id, set);
    if (body.primaryGroup) await repo.replaceGroup(tx, id, 'primary', body.primaryGroup);
    if (body.failoverGroup) await repo.replaceGroup(tx, id, 'failover', body.failoverGroup);
    const changed = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
    await recordAudit(tx, req, {
      action: 'trunk.update',
      entityType: 'trunk',
      entityId: id,
      customerId: before.customerId,
      summary: `Updated ${changed.join(', ')} of trunk ${before.trunkName}`,
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof TTrunk]])),
      after: body,
    });
  });
  return oneTrunk(app, req, id);
}

export async function deleteTrunk(app: FastifyInstance, req: FastifyRequest, id: string) {
  const before = await oneTrunk(app, req, id);
  await app.db.transaction(async (tx) => {
    await repo.deleteTrunk(tx, id);
    await recordAudit(tx, req, {
      action: 'trunk.delete',
      entityType: 'trunk',
      entityId: id,
      customerId: before.customerId,
      summary: `Deleted trunk ${before.trunkName} of ${before.accountName}`,
      before,
    });
  });
}

export async function listIps(app: FastifyInstance, req: FastifyRequest, q: TListIpsQuery): Promise<TIpAddressPage> {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const { rows, total } = await repo.listIps(app.db, scope, q);
  return {
    items: rows.map((r) => ({ ...r, lastUsedAt: r.lastUsedAt?.toISOString() ?? null, lastUpdated: r.lastUpdated.toISOString() })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const platformIps = () => ({ items: PLATFORM_IPS.map((p) => ({ ...p })) });

export async function voiceAccounts(app: FastifyInstance, req: FastifyRequest, customerId: string | undefined) {
  const scope = await resolveListScope(app.db, authOf(req), { customerId });
  return { items: await repo.voiceAccounts(app.db, scope.customerId) };
}

export async function setChannelAllocation(
  app: FastifyInstance,
  req: FastifyRequest,
  accountId: string,
  body: TChannelAllocationBody,
): Promise<TVoiceAccount> {
  const auth = authOf(req);
  return app.db.transaction(async (tx) => {
    const account = await findAccountInScope(tx, accountId, ownCustomer(auth));
    if (!account) throw notFound('Account');
    await repo.setMaxVoiceChannels(tx, account.id, body.maxVoiceChannels);
    await recordAudit(tx, req, {
      action: 'account.voice_channels',
      entityType: 'account',
      entityId: account.id,
      customerId: account.customerId,
      summary: `Max Voice Channels updated to ${body.maxVoiceChannels} for account ${account.name}`,
      before: { maxVoiceChannels: account.maxVoiceChannels },
      after: { maxVoiceChannels: body.maxVoiceChannels },
    });
    const [row] = await repo.voiceAccounts(tx, account.customerId).then((rows) => rows.filter((r) => r.id === account.id));
    if (!row) throw notFound('Account');
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// CDRs

/**
 * The export checks the scope's records (404 for another customer's account) before it starts.
 * The list, which must cost no more than its one indexed query, folds the scope into that query
 * instead: a customer's filter always carries their own customer id, so another customer's
 * account simply matches nothing.
 */
async function cdrCriteria(app: FastifyInstance, req: FastifyRequest, q: TExportCdrsQuery, strict: boolean): Promise<repo.CdrCriteria> {
  const auth = authOf(req);
  let scope: { customerId: string | null; accountId: string | null };
  if (strict) scope = await resolveListScope(app.db, auth, q);
  else {
    const own = ownCustomer(auth);
    if (auth.kind === 'customer' && (!own || (q.customerId && q.customerId !== own))) throw notFound('Customer');
    scope = { customerId: own ?? q.customerId ?? null, accountId: q.accountId ?? null };
  }
  const range = dayRange(q.startDate, q.endDate, q.tz ?? 'UTC');
  return { ...scope, from: q.from, to: q.to, since: range.from, until: range.until };
}

interface CdrRow {
  id: string;
  call_id: string;
  account_id: string;
  account_name: string;
  from_number: string;
  to_number: string;
  started_at: Date;
  duration_seconds: number;
  status: TCdr['status'];
  direction: TCdr['direction'];
  cost: string;
}

/** One keyset page, newest first. */
export async function listCdrs(app: FastifyInstance, req: FastifyRequest, q: TListCdrsQuery): Promise<TCdrPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const criteria = await cdrCriteria(app, req, q, false);
  const rows = await repo.runStatement<CdrRow>(app.database, repo.cdrPageStatement(criteria, after, q.limit));
  const page = keysetPage(rows, q.limit, (r) => ({ at: new Date(r.started_at), id: Number(r.id) }));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      callId: r.call_id,
      accountId: r.account_id,
      accountName: r.account_name,
      fromNumber: r.from_number,
      toNumber: r.to_number,
      startedAt: new Date(r.started_at).toISOString(),
      durationSeconds: Number(r.duration_seconds),
      status: r.status,
      direction: r.direction,
      cost: Number(r.cost),
    })),
  };
}

const EXPORT_CHUNK = 5000;

/**
 * Every matching CDR as CSV, streamed. On PostgreSQL the database writes the CSV itself
 * (`COPY (query) TO STDOUT`) straight into the response; on PGlite, whose COPY TO holds the whole
 * result in memory, keyset chunks are formatted as they are pulled.
 */
export async function exportCdrs(app: FastifyInstance, req: FastifyRequest, q: TExportCdrsQuery): Promise<Readable> {
  const criteria = await cdrCriteria(app, req, q, true);
  const tz = q.tz ?? 'UTC';
  const database = app.database;
  if (database.kind === 'pg' && database.pool) {
    const client = await database.pool.connect();
    const sql = repo.inlineStatement(repo.cdrExportStatement(criteria, tz), (v) => client.escapeLiteral(v));
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      // a connection left mid-COPY is not reusable: destroy it
      client.release(err);
    };
    stream.on('end', () => release());
    stream.on('error', (err) => release(err));
    stream.on('close', () => release(stream.readableEnded ? undefined : new Error('export aborted')));
    return stream;
  }
  return csvStream<{ at: Date; id: number }>(CDR_CSV_HEADER, null, async (after) => {
    const rows = await repo.runStatement<Record<string, unknown> & { key_at: Date; key_id: string }>(
      database,
      repo.cdrExportChunkStatement(criteria, tz, after, EXPORT_CHUNK),
    );
    const text = rows.map((r) => csvLine(CDR_CSV_HEADER.map((h) => r[h]))).join('');
    const last = rows[rows.length - 1];
    return { text, key: rows.length === EXPORT_CHUNK && last ? { at: new Date(last.key_at), id: Number(last.key_id) } : null };
  });
}
