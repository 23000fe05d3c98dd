import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

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

/** Writes one audit entry in the caller's transaction, with who, from where and which request. */
export async function recordAudit(tx: DbOrTx, req: FastifyRequest, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId !== undefined ? entry.actorId : (req.auth?.userId ?? null),
    actorEmail: entry.actorEmail ?? req.auth?.email ?? null,
    impersonatorId: req.auth?.impersonatorId ?? null,
    customerId: entry.customerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    requestId: req.id,
  });
}
