import type { TActivityEntry } from '@portal/contract/customers';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

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
