import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors.ts';

/**
 * The guard in front of every outbound webhook call (SSRF): the target must be https and every
 * address its host resolves to must be public unicast, never private, loopback, link-local,
 * unique-local, unspecified, multicast, carrier-grade NAT or another special range (IPv4-mapped
 * IPv6 judged as the IPv4 address it carries). The caller connects to the address checked here,
 * so a name that resolves differently a moment later (DNS rebinding) cannot reach inside.
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_TARGETS, development and tests) lifts the address check
 * and also admits http:// for local receivers.
 */

export const PUBLIC_ADDRESS_MESSAGE = 'The URL must resolve to a public address';
export const HTTPS_MESSAGE = 'The URL must start with https://';
export const UNRESOLVED_MESSAGE = 'The host name of the URL could not be resolved';

/** Why a target was refused: a scheme other than https, a non-public address, or a name that does not resolve. */
export type TargetRefusal = 'scheme' | 'address' | 'dns';

export class TargetRefused extends AppError {
  constructor(
    readonly reason: TargetRefusal,
    message: string,
  ) {
    super(400, 'VALIDATION_FAILED', message, { url: message });
  }
}

export interface CheckedTarget {
  url: URL;
  /** The host without IPv6 brackets (the TLS server name and the Host header's host). */
  hostname: string;
  /** The address to connect to. */
  address: string;
  family: 4 | 6;
}

const LOOKUP_TIMEOUT_MS = 5000;

/** The range ipaddr.js names for an address, an IPv4-mapped IPv6 address judged as its IPv4 address. */
export function addressRange(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range();
  }
  return parsed.range();
}

/** Only globally routable unicast addresses are public. */
export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast';

async function resolveAll(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  if (isIP(hostname)) return [{ address: hostname, family: isIP(hostname) as 4 | 6 }];
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(hostname, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a webhook target and answers the address to connect to; throws TargetRefused (a 400 with
 * a field error on `url`) when the scheme is not https, the host does not resolve, or any of its
 * addresses is not public.
 */
export async function checkWebhookTarget(raw: string, opts: { allowPrivate: boolean }): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('scheme', HTTPS_MESSAGE);
  }
  const schemeOk = url.protocol === 'https:' || (opts.allowPrivate && url.protocol === 'http:');
  if (!schemeOk || !url.hostname) throw new TargetRefused('scheme', HTTPS_MESSAGE);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = await resolveAll(hostname);
  if (!addresses.length) throw new TargetRefused('dns', UNRESOLVED_MESSAGE);
  if (!opts.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new TargetRefused('address', PUBLIC_ADDRESS_MESSAGE);
  }
  const first = addresses[0] as { address: string; family: 4 | 6 };
  return { url, hostname, address: first.address, family: first.family };
}
