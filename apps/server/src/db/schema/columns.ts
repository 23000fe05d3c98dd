import { customType, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids, money and times the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** USD amounts with cents. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
/** Per-unit rates that need more precision (per-minute, per-segment). */
export const rate = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });
/** Files kept in the database (documents, report files), so any server instance can serve them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
