import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, recordId } from './columns.ts';

/** Who changed what, on which record, before and after, when and from where. Partitioned by month of created_at. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: recordId(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    impersonatorId: uuid('impersonator_id'),
    /** The customer the changed record belongs to (null for system-wide records). */
    customerId: uuid('customer_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_customer_idx').on(t.customerId, t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    /** A user's own Activity Logs tab. */
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
  ],
);
