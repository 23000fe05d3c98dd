import { PASSWORD_CHANGE_REQUIRED, TRUSTED_DEVICE_DAYS, TWO_FACTOR_SETUP_REQUIRED } from '@portal/contract/auth';
import { roleKey, rolesFor, type TPermission } from '@portal/contract/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { type Ctx, requestCtx } from '../lib/context.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { getSettings } from '../lib/settings.ts';
import { sha256 } from '../lib/tokens.ts';
import type { AuthContext } from '../server-types.ts';

export interface RouteEntry {
  method: string;
  url: string;
  permission: TPermission;
  schema: { response?: unknown; params?: unknown; querystring?: unknown; body?: unknown };
}

export const SESSION_COOKIE = 'portal_sid';
/** A computer trusted for 30 days after a two-factor code (once per computer); only sign-in reads it. */
export const TRUSTED_DEVICE_COOKIE = 'portal_tdid';
const TRUSTED_DEVICE_PATH = '/api/auth/login';
export const CSRF_HEADER = 'x-portal-csrf';
/** Remembered sessions survive browser restarts and idle periods up to this long. */
export const REMEMBER_IDLE_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** Routes outside /api that are still part of the checked route table. */
export const CHECKED_PATHS = ['/healthz', '/readyz'];
export const isCheckedRoute = (url: string) => url.startsWith('/api/') || url === '/api' || CHECKED_PATHS.includes(url);

export function idleLimitMs(remember: boolean, sessionTimeoutMinutes: number): number {
  return remember ? REMEMBER_IDLE_MS : sessionTimeoutMinutes * 60_000;
}

/** The session cookie, as sign-in sets it (remembered sessions persist across browser restarts). */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.COOKIE_SECURE,
    ...(remember ? { maxAge: REMEMBER_IDLE_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.COOKIE_SECURE });
}

/** The trusted-device cookie: sent only to the sign-in routes, for 30 days; the database keeps its hash. */
export function setTrustedDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, token, {
    path: TRUSTED_DEVICE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.COOKIE_SECURE,
    maxAge: TRUSTED_DEVICE_DAYS * 24 * 3600,
  });
}

/**
 * The session lookup runs on every signed-in request: a prepared statement per database, so the
 * query is built once (it was most of a signed-in request's fixed cost).
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      idHash: sessions.idHash,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      impersonatorId: sessions.impersonatorId,
      userId: users.id,
      email: users.email,
      name: users.name,
      kind: users.kind,
      role: users.role,
      customerId: users.customerId,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.deletedAt)))
    .prepare('portal_session_lookup');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function sessionLookup(db: Db) {
  let prepared = sessionLookups.get(db);
  if (!prepared) {
    prepared = prepareSessionLookup(db);
    sessionLookups.set(db, prepared);
  }
  return prepared;
}

async function loadSession(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const idHash = sha256(raw);
  const now = new Date();
  const [row] = await sessionLookup(app.db).execute({ idHash, now });
  const settings = await getSettings(app.db);
  const idle = row ? now.getTime() - row.lastSeenAt.getTime() > idleLimitMs(row.remember, settings.sessionTimeout) : false;
  if (row?.status !== 'Active' || idle) {
    if (row) await app.db.delete(sessions).where(eq(sessions.idHash, idHash));
    clearSessionCookie(app, reply);
    return null;
  }
  if (settings.maintenanceMode && row.kind === 'customer') {
    await app.db.delete(sessions).where(eq(sessions.idHash, idHash));
    clearSessionCookie(app, reply);
    throw new AppError(503, 'MAINTENANCE', settings.maintenanceMessage);
  }
  let lastSeen = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    lastSeen = now.getTime();
  }
  return {
    type: 'user',
    sessionIdHash: idHash,
    userId: row.userId,
    email: row.email,
    name: row.name,
    kind: row.kind,
    role: row.role,
    roleKey: roleKey(row.kind, row.role),
    customerId: row.customerId,
    impersonatorId: row.impersonatorId,
    remember: row.remember,
    mustChangePassword: row.mustChangePassword && !row.impersonatorId,
    // enforceTwoFactorAuth: signed in, but only the routes every signed-in user has until it is set up
    mustSetUpTwoFactor: settings.mfaEnabled && settings.enforceTwoFactorAuth && !row.twoFactorEnabled && !row.impersonatorId,
    sessionTrustedUntil: Math.min(
      row.expiresAt.getTime(),
      lastSeen + idleLimitMs(row.remember, settings.sessionTimeout),
      lastSeen + TOUCH_EVERY_MS,
    ),
  };
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sessions, cross-site request protection and default-deny permissions. Every checked route
 * must declare `config.permission` and a response schema, or the app refuses to start.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('ctx', null as unknown as Ctx);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route) => {
    if (!isCheckedRoute(route.url)) return;
    const where = `${String(route.method)} ${route.url}`;
    if (!route.config?.permission) throw new Error(`Route ${where} declares no permission`);
    if (!route.schema?.response) throw new Error(`Route ${where} declares no response schema`);
    if (route.url.includes(':') && !route.schema.params) throw new Error(`Route ${where} declares no params schema`);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, permission: route.config.permission, schema: route.schema as RouteEntry['schema'] });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const permission = req.routeOptions.config?.permission as TPermission | undefined;
    if (!isCheckedRoute(req.routeOptions.url ?? '')) return;
    if (!SAFE_METHODS.has(req.method)) {
      if (req.headers[CSRF_HEADER] !== '1') throw forbidden('Missing cross-site request header.');
      const origin = req.headers.origin;
      if (origin && originHost(origin) !== req.headers.host) throw forbidden('Cross-site request refused.');
    }
    req.auth = await loadSession(app, req, reply);
    req.ctx = requestCtx(app, req, req.auth);
    if (!permission) throw forbidden();
    if (permission === 'public') return;
    if (!req.auth) throw unauthorized();
    if (!rolesFor(permission).includes(req.auth.roleKey)) throw forbidden();
    // a temporary password: only the routes every signed-in user has (session, change password, sign-out)
    if (req.auth.mustChangePassword && permission !== 'signedIn') throw forbidden(PASSWORD_CHANGE_REQUIRED);
    if (req.auth.mustSetUpTwoFactor && permission !== 'signedIn') throw forbidden(TWO_FACTOR_SETUP_REQUIRED);
  });
});
