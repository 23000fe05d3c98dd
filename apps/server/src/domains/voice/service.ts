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
import {
  CDR_CSV_HEADER,
  IP_RULE_MESSAGES,
  IP_TYPE_LABELS,
  normalizeIp,
  PLATFORM_IPS,
  type TIpAddress,
  type TTrunkIp,
  UNUSED_IP_DAYS,
  type ZCreateTrunkBody,
  type ZRegisterIpBody,
  type ZUpdateIpBody,
  type ZUpdateTrunkBody,
} from '@portal/contract/voice';
import type { z } from 'zod';
import { type Purged, purgeBefore } from '../../db/partitions.ts';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { dayRange, decodeCursor } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { CsvExport } from '../../lib/export.ts';
import { findAccountInScope, recordListScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { statementExport, statementPage } from '../../lib/sql-statement.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';

const audit = { account: auditFor('account'), ipAddress: auditFor('ip_address'), trunk: auditFor('trunk') };

type TrunkRow = NonNullable<Awaited<ReturnType<typeof repo.trunkById>>>;

async function withGroups(ctx: Ctx, rows: TrunkRow[]): Promise<TTrunk[]> {
  const ips = await repo.ipsOfTrunks(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = ips.filter((ip) => ip.trunkId === r.id);
    const group = (g: 'primary' | 'failover') => mine.filter((ip) => ip.groupName === g).map(({ ip, name }) => ({ ip, name }));
    return { ...r, createdAt: r.createdAt.toISOString(), primaryGroup: group('primary'), failoverGroup: group('failover') };
  });
}

type Groups = { primaryGroup?: TTrunkIp[] | undefined; failoverGroup?: TTrunkIp[] | undefined };
const addressesOf = (g: Groups) => [...new Set([...(g.primaryGroup ?? []), ...(g.failoverGroup ?? [])].map((r) => normalizeIp(r.ip)))];

/**
 * The 382 Network rules for a trunk's groups: every address it newly takes must be registered to
 * the trunk's customer and active, and no other trunk may use it (each IP is dedicated to one
 * service). Addresses the trunk already has stay (rows older than these rules are not refused).
 */
async function checkTrunkIps(tx: Ctx, customerId: string, trunkId: string | null, groups: Groups, current: Set<string>) {
  await repo.lockRegistrations(tx.db);
  const rows = (['primaryGroup', 'failoverGroup'] as const).flatMap((g) =>
    (groups[g] ?? []).map((r, i) => ({ path: `${g}.${i}.ip`, ip: normalizeIp(r.ip) })),
  );
  const fresh = rows.filter((r) => !current.has(r.ip));
  if (fresh.length === 0) return;
  const wanted = [...new Set(fresh.map((r) => r.ip))];
  const registered = new Map((await repo.registrationsOf(tx.db, wanted)).map((r) => [r.ipAddress, r]));
  const elsewhere = new Set(await repo.addressesOnOtherTrunks(tx.db, wanted, trunkId));
  const fields: Record<string, string> = {};
  for (const r of fresh) {
    const reg = registered.get(r.ip);
    const problem = !reg
      ? IP_RULE_MESSAGES.notRegistered
      : reg.customerId !== customerId
        ? IP_RULE_MESSAGES.otherCustomer
        : reg.status !== 'Active'
          ? IP_RULE_MESSAGES.inactive
          : elsewhere.has(r.ip)
            ? IP_RULE_MESSAGES.onOtherTrunk
            : null;
    if (problem) fields[r.path] = problem;
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

export async function listTrunks(ctx: Ctx, q: TListTrunksQuery): Promise<TTrunkPage> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listTrunks(ctx.db, scope, q);
  return pageOf(await withGroups(ctx, rows), total, q);
}

async function trunkInScope(ctx: Ctx, id: string) {
  const row = await repo.trunkById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Trunk');
  return row;
}

async function oneTrunk(ctx: Ctx, id: string): Promise<TTrunk> {
  const [trunk] = await withGroups(ctx, [await trunkInScope(ctx, id)]);
  if (!trunk) throw notFound('Trunk');
  return trunk;
}

export async function createTrunk(ctx: Ctx, body: z.output<typeof ZCreateTrunkBody>) {
  const id = await inTransaction(ctx, async (tx) => {
    const account = await findAccountInScope(tx.db, body.accountId, ownCustomer(ctx));
    if (!account) throw invalid({ accountId: 'Choose an account' });
    await checkTrunkIps(tx, account.customerId, null, body, new Set());
    const row = await repo.insertTrunk(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      trunkName: body.trunkName,
      routeStrategy: body.routeStrategy,
      status: body.status,
    });
    if (!row) throw new Error('insert failed');
    await repo.replaceGroup(tx.db, row.id, 'primary', body.primaryGroup);
    await repo.replaceGroup(tx.db, row.id, 'failover', body.failoverGroup);
    await repo.touchAddresses(tx.db, account.customerId, addressesOf(body), new Date());
    await audit.trunk(
      tx,
      'trunk.create',
      { id: row.id, customerId: account.customerId },
      `Created trunk ${body.trunkName} on ${account.name}`,
      { after: body },
    );
    return row.id;
  });
  return oneTrunk(ctx, id);
}

export async function updateTrunk(ctx: Ctx, id: string, body: z.output<typeof ZUpdateTrunkBody>) {
  const before = await oneTrunk(ctx, id);
  // a group change is checked against the other group as it stands
  const primary = body.primaryGroup ?? before.primaryGroup;
  const failover = body.failoverGroup ?? before.failoverGroup;
  const inPrimary = new Set(primary.map((r) => r.ip.toLowerCase()));
  failover.forEach((r, i) => {
    if (inPrimary.has(r.ip.toLowerCase()))
      throw invalid({ [`${body.failoverGroup ? 'failoverGroup' : 'primaryGroup'}.${i}.ip`]: 'This IP address is in both groups' });
  });
  await inTransaction(ctx, async (tx) => {
    const current = new Set(addressesOf(before));
    await checkTrunkIps(tx, before.customerId, id, body, current);
    const set = {
      ...(body.trunkName !== undefined ? { trunkName: body.trunkName } : {}),
      ...(body.routeStrategy !== undefined ? { routeStrategy: body.routeStrategy } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      updatedAt: new Date(),
    };
    await repo.updateTrunk(tx.db, id, set);
    if (body.primaryGroup) await repo.replaceGroup(tx.db, id, 'primary', body.primaryGroup);
    if (body.failoverGroup) await repo.replaceGroup(tx.db, id, 'failover', body.failoverGroup);
    await repo.touchAddresses(
      tx.db,
      before.customerId,
      addressesOf(body).filter((ip) => !current.has(ip)),
      new Date(),
    );
    const changed = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
    await audit.trunk(tx, 'trunk.update', before, `Updated ${changed.join(', ')} of trunk ${before.trunkName}`, {
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof TTrunk]])),
      after: body,
    });
  });
  return oneTrunk(ctx, id);
}

export async function deleteTrunk(ctx: Ctx, id: string) {
  const before = await oneTrunk(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await repo.deleteTrunk(tx.db, id);
    await audit.trunk(tx, 'trunk.delete', before, `Deleted trunk ${before.trunkName} of ${before.accountName}`, { before });
  });
}

export async function listIps(ctx: Ctx, q: TListIpsQuery): Promise<TIpAddressPage> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listIps(ctx.db, scope, q);
  return pageOf(rows.map(toIp), total, q);
}

type IpRow = NonNullable<Awaited<ReturnType<typeof repo.ipById>>>;
const toIp = (r: IpRow | Awaited<ReturnType<typeof repo.listIps>>['rows'][number]): TIpAddress => ({
  id: r.id,
  ipAddress: r.ipAddress,
  type: r.type,
  status: r.status,
  description: r.description,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  lastUpdated: r.lastUpdated.toISOString(),
  accountId: r.accountId,
  accountName: r.accountName,
});

async function ipInScope(ctx: Ctx, id: string): Promise<IpRow> {
  const row = await repo.ipById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('IP address');
  return row;
}

/** Registers an address on one of the customer's accounts; an address belongs to one customer. */
export async function registerIp(ctx: Ctx, body: z.output<typeof ZRegisterIpBody>): Promise<TIpAddress> {
  const id = await inTransaction(ctx, async (tx) => {
    const account = await findAccountInScope(tx.db, body.accountId, ownCustomer(ctx));
    if (!account) throw invalid({ accountId: 'Choose an account' });
    const ipAddress = normalizeIp(body.ipAddress);
    await repo.lockRegistrations(tx.db);
    const [existing] = await repo.registrationsOf(tx.db, [ipAddress]);
    if (existing)
      throw invalid({ ipAddress: existing.customerId === account.customerId ? IP_RULE_MESSAGES.taken : IP_RULE_MESSAGES.otherCustomer });
    const row = await repo.insertIp(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      ipAddress,
      type: body.type,
      status: 'Active',
      description: body.description,
    });
    if (!row) throw new Error('insert failed');
    await audit.ipAddress(
      tx,
      'ip.register',
      { id: row.id, customerId: account.customerId },
      `Registered ${ipAddress} (${IP_TYPE_LABELS[body.type]}) on ${account.name}`,
      { after: { ...body, ipAddress } },
    );
    return row.id;
  });
  return toIp(await ipInScope(ctx, id));
}

/** Describe, retype, deactivate or reactivate a registration. */
export async function updateIp(ctx: Ctx, id: string, body: z.output<typeof ZUpdateIpBody>): Promise<TIpAddress> {
  const before = await ipInScope(ctx, id);
  await inTransaction(ctx, async (tx) => {
    const now = new Date();
    const set = {
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      // reactivating starts the 90 days again
      ...(body.status === 'Active' && before.status !== 'Active' ? { lastUsedAt: now } : {}),
      lastUpdated: now,
    };
    await repo.updateIp(tx.db, id, set);
    const changed = (['type', 'description', 'status'] as const).filter((k) => body[k] !== undefined);
    await audit.ipAddress(
      tx,
      body.status === 'Inactive' && before.status !== 'Inactive' ? 'ip.deactivate' : 'ip.update',
      before,
      `Updated ${changed.join(', ')} of ${before.ipAddress}`,
      { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: body },
    );
  });
  return toIp(await ipInScope(ctx, id));
}

/**
 * The spec's rule, run daily by the job queue: registrations unused (no trunk took them, no
 * reactivation) for 90 days become Inactive. One transaction; one audit entry per customer.
 */
export async function deactivateStaleIps(ctx: Ctx, now: Date): Promise<{ count: number }> {
  const cutoff = new Date(now.getTime() - UNUSED_IP_DAYS * 24 * 60 * 60 * 1000);
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.deactivateUnusedSince(tx.db, cutoff, now);
    const byCustomer = new Map<string, string[]>();
    for (const r of rows) byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), r.ipAddress]);
    for (const [customerId, addresses] of byCustomer) {
      await audit.ipAddress(
        tx,
        'ip.deactivate_unused',
        { id: null, customerId },
        `Deactivated ${addresses.length} IP address${addresses.length === 1 ? '' : 'es'} unused for ${UNUSED_IP_DAYS} days: ${addresses
          .slice(0, 10)
          .join(', ')}${addresses.length > 10 ? ', ...' : ''}`,
        { after: { addresses, unusedSince: cutoff.toISOString() } },
      );
    }
    return { count: rows.length };
  });
}

export const platformIps = () => ({ items: PLATFORM_IPS.map((p) => ({ ...p })) });

/** The channel allocation of one account in the caller's reach (another customer's account is a 404). */
export async function channelAllocation(ctx: Ctx, accountId: string): Promise<TVoiceAccount> {
  const account = await findAccountInScope(ctx.db, accountId, ownCustomer(ctx));
  if (!account) throw notFound('Account');
  const row = await repo.voiceAccount(ctx.db, account.id);
  if (!row) throw notFound('Account');
  return row;
}

export async function setChannelAllocation(ctx: Ctx, accountId: string, body: TChannelAllocationBody): Promise<TVoiceAccount> {
  return inTransaction(ctx, async (tx) => {
    const account = await findAccountInScope(tx.db, accountId, ownCustomer(ctx));
    if (!account) throw notFound('Account');
    await repo.setMaxVoiceChannels(tx.db, account.id, body.maxVoiceChannels);
    await audit.account(
      tx,
      'account.voice_channels',
      account,
      `Max Voice Channels updated to ${body.maxVoiceChannels} for account ${account.name}`,
      { before: { maxVoiceChannels: account.maxVoiceChannels }, after: { maxVoiceChannels: body.maxVoiceChannels } },
    );
    const row = await repo.voiceAccount(tx.db, account.id);
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
async function cdrCriteria(ctx: Ctx, q: TExportCdrsQuery, strict: boolean): Promise<repo.CdrCriteria> {
  const scope = await recordListScope(ctx, q, strict);
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
export async function listCdrs(ctx: Ctx, q: TListCdrsQuery): Promise<TCdrPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const criteria = await cdrCriteria(ctx, q, false);
  return statementPage(
    ctx.database,
    repo.cdrPageStatement(criteria, after, q.limit),
    q.limit,
    (r: CdrRow) => r.started_at,
    (r) => ({
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
    }),
  );
}

/** Every matching CDR as CSV, streamed (COPY on PostgreSQL, keyset chunks on PGlite). */
export async function exportCdrs(ctx: Ctx, q: TExportCdrsQuery): Promise<CsvExport> {
  const criteria = await cdrCriteria(ctx, q, true);
  const tz = q.tz ?? 'UTC';
  return statementExport(ctx.database, {
    fileName: `cdrs-${q.startDate}-to-${q.endDate}.csv`,
    header: CDR_CSV_HEADER,
    whole: repo.cdrExportStatement(criteria, tz),
    chunk: (after, size) => repo.cdrExportChunkStatement(criteria, tz, after, size),
  });
}

/** Call detail records older than cdrRetentionDays go (the daily purge job): whole months dropped, then the rest of the oldest. */
export async function purgeExpiredCdrs(ctx: Ctx, now: Date): Promise<Purged> {
  const { cdrRetentionDays } = await getSettings(ctx.db);
  return purgeBefore(ctx.db, 'cdrs', new Date(now.getTime() - cdrRetentionDays * 86_400_000));
}
