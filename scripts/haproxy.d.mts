/** HAProxy's binary, or null when it is not installed. */
export function haproxyBinary(): string | null;

/** `npm run cluster`'s health-check timing, haproxyConfig's default. */
export const CLUSTER_CHECK: string;

export interface HaproxyOptions {
  /** The frontend's address, e.g. `0.0.0.0:3000`. */
  listen: string;
  /** The statistics page's address (its page is at /stats). */
  stats: string;
  /** The instances: `name` is the server's name in HAProxy's statistics and logs, `address` host:port. */
  servers: { name: string; address: string }[];
  /** The global connection limit (default 2000). */
  maxconn?: number;
  /** The health checks' timing, the `default-server` line (default CLUSTER_CHECK). */
  check?: string;
  /** One log line per request on HAProxy's stdout (default false). */
  logRequests?: boolean;
  /** How often the HTML statistics page reloads itself, e.g. `5s` (default: it does not). */
  statsRefresh?: string;
}

/** HAProxy's configuration: one frontend, round robin over `servers`, /readyz health checks, statistics. */
export function haproxyConfig(options: HaproxyOptions): string;
