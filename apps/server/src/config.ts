import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const boolFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/** proxy-addr's names for whole ranges, besides addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Which peers may set X-Forwarded-For, in the forms Fastify's trustProxy takes: false (nobody, the
 * default: the peer's own address counts), true (everyone: only when a proxy is the sole way in),
 * a hop count, or comma-separated addresses, CIDRs and proxy-addr's range names.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v, c): boolean | number | string[] => {
    if (v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (entries.length === 0 || bad.length > 0) {
      c.addIssue({ code: 'custom', message: `expected true, false, a hop count or addresses/CIDRs; not ${bad.join(', ') || v}` });
      return z.NEVER;
    }
    return entries;
  });

/** The one place that reads the environment. */
const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL connections per instance (docs/decisions/0006-throughput.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * API requests one instance works on at once; the others wait their turn in arrival order (0: no
   * limit). docs/decisions/0055-admission-control.md.
   */
  API_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(4),
  /**
   * How long (at most) a signed-in session's list or dashboard answer is kept while no data
   * changes; 0 turns the answer cache off. docs/decisions/0056-answer-cache.md.
   */
  API_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  PORTAL_BRAND: z.string().min(1).default('382 Communications'),
  PORTAL_DEMO_PASSWORD: z.string().min(8).default('Portal-Demo-1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Set behind TLS so cookies get the Secure flag. */
  COOKIE_SECURE: boolFlag,
  TRUST_PROXY: ZTrustProxy,
  /** Sign-in attempts per client address per minute (whatever the email), counted in the database. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Forgot-password and reset-password requests, each, per client address per minute. */
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /**
   * Shows reset and invite links unmasked in the staff Email Outbox. For end-to-end tests on a
   * machine without SMTP only: refused when NODE_ENV=production.
   */
  PORTAL_OUTBOX_SHOW_LINKS: boolFlag,
  WEB_DIST: z.string().optional(),
  /** The address users reach the portal at, for links in emails (never taken from a request's Host header). */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp:// or smtps:// (user and password in the URL): emails are sent through it; without it they are kept in the outbox. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  /**
   * The provider's SMS gateway for notification texts: each is POSTed as JSON { from, to, text }
   * (from: settings' smsNotificationSender). Without it, texts are kept in the outbox like emails.
   */
  SMS_GATEWAY_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
    .optional(),
  /** The sender of the portal's emails, e.g. "382 Communications <no-reply@example.com>". */
  SMTP_FROM: z.string().min(3).optional(),
  /**
   * The embedded database (no DATABASE_URL) runs in a worker thread beside the event loop
   * (decision 0037); false keeps it in the main thread, as before.
   */
  EMBEDDED_DB_THREAD: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Webhooks may target private, loopback and link-local addresses (and http://): for development
   * and tests only; otherwise such targets are refused (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolFlag,
  /** Run the job workers and schedules in this instance (false: it only enqueues, another instance runs them). */
  JOB_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The bearer token Prometheus presents to scrape /metrics. Without it /metrics answers 404 (off);
   * with it, a request without exactly this token gets 401.
   */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /**
   * Statements taking this many milliseconds or more are logged (warn, with the request id and the
   * SQL text, never its parameter values); 0 logs every statement, off logs none.
   */
  SLOW_QUERY_MS: z.union([z.literal('off').transform(() => null), z.coerce.number().int().min(0).max(3_600_000)]).default(500),
  /**
   * On SIGTERM the instance first answers 503 on /readyz and keeps serving this many milliseconds,
   * for the balancer's health checks to move the traffic, then closes (in-flight requests finish).
   * Unset: 5000 on PostgreSQL, 0 on the embedded database (one process: nowhere to move the traffic).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
});

export type Config = z.infer<typeof ZConfig> & { webDist: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in an env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.refine((c) => !(c.PORTAL_OUTBOX_SHOW_LINKS && c.NODE_ENV === 'production'), {
    path: ['PORTAL_OUTBOX_SHOW_LINKS'],
    message: 'must not be true in production: it shows live reset links to staff',
  }).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, webDist, publicUrl };
}
