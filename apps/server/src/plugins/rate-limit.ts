import rateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired windows are deleted at most this often per instance (a live key reuses its own row). */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance on it sees the
 * same hits: one atomic upsert per request, a fixed window per key that restarts once it is over.
 */
export function databaseStore(db: Db) {
  let lastSweep = 0;

  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const expired = sql`${rateLimitHits.resetsAt} <= now()`;
    const [row] = await db
      .insert(rateLimitHits)
      .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs}::int * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
          resetsAt: sql`CASE WHEN ${expired} THEN excluded.resets_at ELSE ${rateLimitHits.resetsAt} END`,
        },
      })
      .returning({
        hits: rateLimitHits.hits,
        ttl: sql<number>`greatest(ceil(extract(epoch from ${rateLimitHits.resetsAt} - now()) * 1000), 0)::int`,
      });
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));
    }
    return { current: row?.hits ?? 1, ttl: Number(row?.ttl ?? windowMs) };
  }

  return class DatabaseStore {
    /** The plugin constructs the store with its options; children are per route. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** Called per route with the merged options; routeInfo carries the route (the types omit it). */
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(routeOptions, `${String(method)} ${url ?? ''} `);
    }
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Per-address limits for the routes that opt in with `config.rateLimit` (sign-in and password
 * reset); 429 in the API's error shape with Retry-After. The address is req.ip: the peer's own
 * unless TRUST_PROXY names the proxy in front.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db),
    errorResponseBuilder: (_req, context) => {
      const n = seconds(context.ttl);
      return new AppError(
        429,
        'RATE_LIMITED',
        `Too many attempts from your address. Please try again in ${n} second${n === 1 ? '' : 's'}.`,
      );
    },
  });
});

/** The window every sign-in and reset limit counts in. */
export const PER_MINUTE = 60_000;
