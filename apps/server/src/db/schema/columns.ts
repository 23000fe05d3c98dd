import { type AnyPgColumn, bigint, customType, integer, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids, money and times the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** created_at and updated_at, for tables whose rows change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/**
 * The id of a big record table partitioned by month (CDRs, messages, the audit trail…): not a
 * primary key alone, the table's key adds the partition's time column.
 */
export const recordId = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();
/** A row that is part of another (a ticket's comment, an invoice's line): required, deleted with its parent. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });
/** USD amounts with cents. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
/** Per-unit rates that need more precision (per-minute, per-segment). */
export const rate = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });
/** Files kept in the database (documents, report files), so any server instance can serve them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
/** An uploaded file as stored: its name, declared type, size and bytes (porting documents, ticket attachments). */
export const storedFile = () => ({
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
});
