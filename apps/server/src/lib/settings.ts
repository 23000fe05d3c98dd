import { DEFAULT_SETTINGS, type TSystemSettings, ZSystemSettings } from '@portal/contract/settings';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { systemSettings } from '../db/schema/index.ts';

/**
 * Reading the system settings lives here, below the domains, because the auth plugin needs them on
 * every request (session timeout, maintenance mode) and plugins import no domain. This is the plain
 * read (one row, parsed, defaults when absent) rather than a reader decorated on the app by the
 * settings domain: a function needs no registration order and no extra FastifyInstance type. The
 * settings domain re-exports it and owns everything else (the form, saving, audit).
 *
 * Settings are cached briefly; several instances converge within the TTL, and the instance that
 * saves sees it at once (forgetCachedSettings).
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
