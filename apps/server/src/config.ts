import path from 'node:path';
import { z } from 'zod';

/** The one place that reads the environment. */
const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PORTAL_BRAND: z.string().min(1).default('382 Communications'),
  PORTAL_DEMO_PASSWORD: z.string().min(8).default('Portal-Demo-1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Set behind TLS so cookies get the Secure flag. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  /** The address users reach the portal at, for links in emails (never taken from a request's Host header). */
  PUBLIC_URL: z.string().url().optional(),
});

export type Config = z.infer<typeof ZConfig> & { webDist: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in an env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, webDist, publicUrl };
}
