import type { TRoleKey, TUserKind } from '@portal/contract/roles';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { unauthorized } from './errors.ts';

/**
 * Who is acting. A service never looks at HTTP: the route, a job or the public API tells it who
 * the caller is through this value.
 */
export interface UserActor {
  type: 'user';
  userId: string;
  email: string;
  name: string;
  kind: TUserKind;
  role: string;
  roleKey: TRoleKey;
  /** The customer a customer user belongs to; null for staff. */
  customerId: string | null;
  impersonatorId: string | null;
  /** The session the request came with (sign-out and impersonation change it). */
  sessionIdHash: string | null;
  remember: boolean;
  /** Signed in with a temporary password (set by an admin): must choose their own first. */
  mustChangePassword?: boolean;
  /** Settings enforce two-factor sign-in and the user has none: must set it up first. */
  mustSetUpTwoFactor?: boolean;
  /**
   * Until when (ms since the epoch) the session stands without being read again, unless the data
   * changes: its expiry, its idle limit and its next "last seen" write (plugins/answer-cache.ts).
   */
  sessionTrustedUntil?: number;
}

/** A public-API caller: the key's account is the scope of every call. */
export interface ApiKeyActor {
  type: 'apiKey';
  keyId: string;
  label: string;
  roleKey: TRoleKey;
  customerId: string;
  accountId: string | null;
  /** Production or Development (Development keys deliver through the sandbox). */
  environment?: string;
  /** Restricted scopes; empty = every operation. */
  scopes?: string[];
}

/** A scheduled or queued job acting on its own behalf. */
export interface SystemActor {
  type: 'system';
  name: string;
}

export type Actor = UserActor | ApiKeyActor | SystemActor;

/** Where a change came from, written on each audit entry. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/**
 * Everything a service needs: the database (or the open transaction), the engine (for streaming),
 * the configuration, the actor (null for anonymous callers such as sign-in) and the origin.
 */
export interface Ctx {
  db: DbOrTx;
  database: Database;
  config: Config;
  actor: Actor | null;
  origin: Origin;
  log: FastifyBaseLogger;
  /** Inside a transaction: what to do once it commits (see afterCommit). */
  afterCommit?: (() => void)[];
}

const NO_ORIGIN: Origin = { ip: null, userAgent: null, requestId: null };

/** Built once per request by the auth plugin (req.ctx); routes pass it to services. */
export function requestCtx(app: FastifyInstance, req: FastifyRequest, actor: Actor | null): Ctx {
  return {
    db: app.db,
    database: app.database,
    config: app.config,
    actor,
    origin: { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null, requestId: req.id },
    log: req.log,
  };
}

/** For jobs, imports and the CLI: a context whose actor is the named system process. */
export function systemCtx(env: { database: Database; config: Config; log: FastifyBaseLogger }, name: string): Ctx {
  return {
    db: env.database.db,
    database: env.database,
    config: env.config,
    actor: { type: 'system', name },
    origin: NO_ORIGIN,
    log: env.log,
  };
}

/** The same context with another actor (sign-in knows the user only once the password matched). */
export const withActor = (ctx: Ctx, actor: Actor | null): Ctx => ({ ...ctx, actor });

/** Runs fn in one transaction; its context's db is the transaction. */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  // a nested transaction (a savepoint) leaves its after-commit work to the outer one
  if (ctx.afterCommit) return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
  const after: (() => void)[] = [];
  const result = await ctx.db.transaction((tx) => fn({ ...ctx, db: tx, afterCommit: after }));
  for (const run of after) {
    try {
      run();
    } catch (err) {
      ctx.log.error({ err }, 'after-commit work failed');
    }
  }
  return result;
}

/** Runs `run` once the caller's transaction commits (at once outside a transaction): live pushes, never data. */
export function afterCommit(ctx: Ctx, run: () => void): void {
  if (ctx.afterCommit) ctx.afterCommit.push(run);
  else run();
}

/** The signed-in user; a 401 for anyone else (API keys, jobs, anonymous). */
export function userOf(ctx: Ctx): UserActor {
  if (ctx.actor?.type !== 'user') throw unauthorized();
  return ctx.actor;
}

/** The signed-in user, or null when the caller is anyone else. */
export const sessionUser = (ctx: Ctx): UserActor | null => (ctx.actor?.type === 'user' ? ctx.actor : null);

/** The role the actor acts with (null for jobs and anonymous callers). */
export const roleOf = (ctx: Ctx): TRoleKey | null => (ctx.actor && ctx.actor.type !== 'system' ? ctx.actor.roleKey : null);

/** The customer the actor is held to: its own for customer users and API keys; null (everything) for staff and jobs. */
export function ownCustomer(ctx: Ctx): string | null {
  const actor = ctx.actor;
  if (!actor || actor.type === 'system') return null;
  if (actor.type === 'apiKey') return actor.customerId;
  return actor.kind === 'customer' ? actor.customerId : null;
}

/** True when the actor is bound to one customer (customer users and API keys). */
export function isCustomerSide(ctx: Ctx): boolean {
  const actor = ctx.actor;
  return actor?.type === 'apiKey' || (actor?.type === 'user' && actor.kind === 'customer');
}
