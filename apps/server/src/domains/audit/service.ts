import type { TAuditEntry, ZListAuditQuery, ZMyActivityQuery } from '@portal/contract/audit';
import type { TActivityEntry } from '@portal/contract/customers';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLog, users } from '../../db/schema/index.ts';
import { type Ctx, userOf } from '../../lib/context.ts';
import { dayRange, decodeCursor, type Keyset, keysetPage } from '../../lib/cursor.ts';
import { type CsvExport, keysetRows } from '../../lib/export.ts';
import { containsAny } from '../../lib/paging.ts';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  customerId?: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  /** For events without a signed-in actor (failed sign-ins): the email that was tried. */
  actorEmail?: string;
  actorId?: string | null;
}

/** Secrets never reach the audit log. */
const SECRET_KEYS = /password|secret|hash|token|cvv|cardNumber|accountNumber/i;
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/** Who the audit log names: a user by id and email, an API key or a job by its label. */
function actorFields(ctx: Ctx): { actorId: string | null; actorEmail: string | null; impersonatorId: string | null } {
  const actor = ctx.actor;
  if (!actor) return { actorId: null, actorEmail: null, impersonatorId: null };
  if (actor.type === 'user') return { actorId: actor.userId, actorEmail: actor.email, impersonatorId: actor.impersonatorId };
  if (actor.type === 'apiKey') return { actorId: null, actorEmail: `api-key:${actor.label}`, impersonatorId: null };
  return { actorId: null, actorEmail: `system:${actor.name}`, impersonatorId: null };
}

/**
 * Writes one audit entry with who, from where and which request. Call it with the context of the
 * change's transaction (inTransaction) so the entry commits with the change or not at all.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  const who = actorFields(ctx);
  await ctx.db.insert(auditLog).values({
    actorId: entry.actorId !== undefined ? entry.actorId : who.actorId,
    actorEmail: entry.actorEmail ?? who.actorEmail,
    impersonatorId: who.impersonatorId,
    customerId: entry.customerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    requestId: ctx.origin.requestId,
  });
}

/** What a change did to its record: the values before and after (secrets are scrubbed). */
export interface AuditChange {
  before?: unknown;
  after?: unknown;
}

/**
 * The audit writer of one kind of record (`const audit = auditFor('webhook')`):
 * `audit(tx, action, record, summary, { before, after })` writes recordAudit's entry about the
 * record, its entityId and customerId being the record's id and customerId.
 */
export function auditFor(entityType: string) {
  return (
    ctx: Ctx,
    action: string,
    record: { id: string | null | undefined; customerId?: string | null },
    summary: string,
    change: AuditChange = {},
  ): Promise<void> => recordAudit(ctx, { action, entityType, entityId: record.id, customerId: record.customerId, summary, ...change });
}

/**
 * An activity log read from the audit trail, newest first: a customer's (every entry about it) or
 * a user's (changes to the user and what they did). The caller has checked the record is in scope.
 */
export async function listActivity(ctx: Ctx, of: { customerId: string } | { userId: string }, limit = 100): Promise<TActivityEntry[]> {
  const where =
    'customerId' in of
      ? eq(auditLog.customerId, of.customerId)
      : or(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, of.userId)), eq(auditLog.actorId, of.userId));
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      summary: auditLog.summary,
      actor: sql<string | null>`coalesce(${users.name}, ${auditLog.actorEmail})`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

type AuditFilter = Omit<z.output<typeof ZListAuditQuery>, 'cursor' | 'limit'> & {
  /** Only what this user did (their own activity); never from a request. */
  actorId?: string;
};

function auditWhere(f: AuditFilter) {
  const range = f.from || f.to ? dayRange(f.from, f.to) : null;
  return and(
    containsAny(f.search, auditLog.summary, auditLog.action, auditLog.actorEmail),
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.customerId ? eq(auditLog.customerId, f.customerId) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    range?.from ? gte(auditLog.createdAt, range.from) : undefined,
    range?.until ? lt(auditLog.createdAt, range.until) : undefined,
  );
}

async function auditRows(ctx: Ctx, f: AuditFilter, after: Keyset | null, limit: number) {
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actor: sql<string | null>`coalesce(${users.name} || ' <' || ${auditLog.actorEmail} || '>', ${auditLog.actorEmail})`,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      customerId: auditLog.customerId,
      summary: auditLog.summary,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        auditWhere(f),
        after ? or(lt(auditLog.createdAt, after.at), and(eq(auditLog.createdAt, after.at), lt(auditLog.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The audit trail for staff (System Settings, Logs): newest first, keyset paged. */
export async function listAudit(
  ctx: Ctx,
  q: z.output<typeof ZListAuditQuery>,
): Promise<{ items: TAuditEntry[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await auditRows(ctx, q, after, q.limit + 1);
  return keysetPage(rows, q.limit, (r) => ({ at: new Date(r.createdAt), id: r.id }));
}

/** User Settings, Activity Logs: what the signed-in user did, newest first, keyset paged; the filter is the caller's own id. */
export async function listMyActivity(
  ctx: Ctx,
  q: z.output<typeof ZMyActivityQuery>,
): Promise<{ items: TAuditEntry[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await auditRows(ctx, { actorId: userOf(ctx).userId }, after, q.limit + 1);
  return keysetPage(rows, q.limit, (r) => ({ at: new Date(r.createdAt), id: r.id }));
}

export async function exportAudit(ctx: Ctx, q: z.output<typeof ZListAuditQuery>): Promise<CsvExport> {
  return {
    fileName: 'audit-log.csv',
    header: ['Time', 'Actor', 'Action', 'Record type', 'Record', 'Summary', 'IP'],
    rows: keysetRows(
      1000,
      (after: Keyset | null, size: number) => auditRows(ctx, q, after, size),
      (r) => ({ at: new Date(r.createdAt), id: r.id }),
      (r) => [r.createdAt, r.actor ?? '', r.action, r.entityType, r.entityId ?? '', r.summary, r.ip ?? ''],
    ),
  };
}
