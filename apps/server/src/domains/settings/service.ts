import { DEFAULT_SETTINGS, type TSystemSettings, ZSystemSettings } from '@portal/contract/settings';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';

/**
 * Settings are read on every request (session timeout, maintenance mode), so they are cached
 * briefly; several instances converge within the TTL, and the instance that saves sees it at once.
 */
const TTL_MS = 5_000;
const cache = new WeakMap<object, { value: TSystemSettings; at: number }>();

export async function getSettings(db: DbOrTx): Promise<TSystemSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'system'));
  const parsed = ZSystemSettings.safeParse(row?.value ?? {});
  const value = parsed.success ? parsed.data : DEFAULT_SETTINGS;
  cache.set(db, { value, at: Date.now() });
  return value;
}

export function forgetCachedSettings(db: DbOrTx): void {
  cache.delete(db);
}
