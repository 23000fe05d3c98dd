import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ZMaxVoiceChannels } from './accounts.ts';
import {
  dateRangeOrder,
  KEYSET_PAGE_SIZES,
  keysetPageShape,
  optional,
  ZAccountChoice,
  ZCursorPage,
  ZId,
  ZIsoDate,
  ZIsoDateTime,
  ZPage,
  ZScopedPageQuery,
  ZScopeQuery,
  ZSearch,
  ZText,
} from './common.ts';

export const ROUTE_STRATEGIES = ['Round Robin', 'Random', 'LCR', 'Sequential', 'Weight Based'] as const;
export const TRUNK_STATUSES = ['Active', 'Inactive', 'Suspended', 'Pending'] as const;
export const IP_TYPES = ['Inbound', 'Outbound'] as const;
export const CDR_STATUSES = ['Completed', 'Failed', 'Busy', 'No Answer'] as const;
export const CDR_DIRECTIONS = ['Inbound', 'Outbound'] as const;
/** A trunk's IP addresses come in a primary and a failover group. */
export const TRUNK_IP_GROUPS = ['primary', 'failover'] as const;
export type TRouteStrategy = (typeof ROUTE_STRATEGIES)[number];
export type TTrunkStatus = (typeof TRUNK_STATUSES)[number];
export type TIpType = (typeof IP_TYPES)[number];

/** Spec 2.9: Inbound is shown as Call Origination, Outbound as Call Termination. */
export const IP_TYPE_LABELS: Record<TIpType, string> = { Inbound: 'Call Origination', Outbound: 'Call Termination' };
export const ROUTE_STRATEGY_LABELS: Record<TRouteStrategy, string> = {
  'Round Robin': 'Round Robin',
  Random: 'Random',
  LCR: 'LCR (Least Cost Routing)',
  Sequential: 'Sequential',
  'Weight Based': 'Weight Based',
};
export { DEFAULT_MAX_VOICE_CHANNELS, MAX_VOICE_CHANNELS_LIMIT } from './accounts.ts';

/** The provider's four fixed platform addresses customers exchange traffic with (documentation ranges). */
export const PLATFORM_IPS = [
  { ipAddress: '192.0.2.10', type: 'Inbound', description: 'SIP signaling, US East' },
  { ipAddress: '192.0.2.11', type: 'Inbound', description: 'SIP signaling, US West' },
  { ipAddress: '198.51.100.20', type: 'Outbound', description: 'Media and termination, US East' },
  { ipAddress: '198.51.100.21', type: 'Outbound', description: 'Media and termination, US West' },
] as const satisfies readonly { ipAddress: string; type: TIpType; description: string }[];

/** Spec 2.6 / 5: the network rules shown beside the IP list. */
export const NETWORK_RULES = [
  'IP addresses must be registered before use.',
  'Each IP address is dedicated to one service.',
  'All traffic is logged.',
  'IP addresses unused for 90 days are deactivated.',
] as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** IPv6 in any valid textual form (full, compressed with ::, or with an embedded IPv4 tail). */
export function isIpv6(value: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(value) || value.length > 45) return false;
  let text = value;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    // an embedded IPv4 tail counts as two groups
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const doubles = text.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const valid = (g: string) => /^[0-9A-Fa-f]{1,4}$/.test(g);
  if (doubles === 1) {
    const [head = '', rest = ''] = text.split('::');
    const parts = [...groups(head), ...groups(rest)];
    return parts.every(valid) && parts.length <= 7;
  }
  const parts = text.split(':');
  return parts.length === 8 && parts.every(valid);
}
export const isIpv4 = (value: string) => IPV4.test(value);
export const isIpAddress = (value: string) => isIpv4(value) || isIpv6(value);
/** One spelling per address, so duplicates are found whatever the case. */
export const normalizeIp = (value: string) => value.trim().toLowerCase();

/**
 * The documentation prefixes (RFC 5737 TEST-NET-1/2/3, RFC 3849): reserved, never routed, and
 * what the demo data and examples use, so they are accepted like public addresses.
 */
const DOCUMENTATION_NETS = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'].map((c) => ipaddr.parseCIDR(c));
export const NOT_PUBLIC_IP = 'Private and reserved addresses cannot be used';

/**
 * Whether an address can carry traffic to us across the internet: public unicast (ranges as
 * ipaddr.js classifies them; an IPv4-mapped IPv6 address counts as its IPv4 address).
 */
export function isPublicIp(value: string): boolean {
  if (!isIpAddress(value)) return false;
  const addr = ipaddr.process(value);
  if (addr.range() === 'unicast') return true;
  return DOCUMENTATION_NETS.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

/** An address a customer may register or put on a trunk. */
export const ZPublicIp = ZText()
  .trim()
  .min(1, 'Enter an IP address')
  .refine(isIpAddress, 'Enter a valid IPv4 or IPv6 address')
  .refine((v) => !isIpAddress(v) || isPublicIp(v), NOT_PUBLIC_IP);

export const ZTrunkIp = z.object({
  ip: ZPublicIp,
  name: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), ZText().trim().max(60).nullable().default(null)),
});
export type TTrunkIp = z.infer<typeof ZTrunkIp>;

/** A group's rows: at most 16, each address once. */
const ZIpGroup = (min: number) =>
  z
    .array(ZTrunkIp)
    .min(min, 'Add at least one IP address')
    .max(16, 'At most 16 IP addresses')
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = normalizeIp(row.ip);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'ip'], message: 'This IP address is already in the list' });
        seen.add(key);
      });
    });

function noSharedIps(value: { primaryGroup?: TTrunkIp[] | undefined; failoverGroup?: TTrunkIp[] | undefined }, ctx: z.RefinementCtx): void {
  const primary = new Set((value.primaryGroup ?? []).map((r) => normalizeIp(r.ip)));
  (value.failoverGroup ?? []).forEach((row, i) => {
    if (primary.has(normalizeIp(row.ip)))
      ctx.addIssue({ code: 'custom', path: ['failoverGroup', i, 'ip'], message: 'This IP address is already in the primary group' });
  });
}

const trunkFields = {
  trunkName: ZText().trim().min(1, 'Trunk name is required').max(100),
  routeStrategy: z.enum(ROUTE_STRATEGIES),
  status: z.enum(TRUNK_STATUSES),
  primaryGroup: ZIpGroup(1),
  failoverGroup: ZIpGroup(0),
};
export const ZCreateTrunkBody = z
  .object({
    ...trunkFields,
    accountId: ZAccountChoice,
    routeStrategy: trunkFields.routeStrategy.default('Round Robin'),
    status: trunkFields.status.default('Active'),
    failoverGroup: trunkFields.failoverGroup.default([]),
  })
  .superRefine(noSharedIps);
export type TCreateTrunkBody = z.input<typeof ZCreateTrunkBody>;
/** Any subset of the fields; no defaults, so what is not sent is not changed. */
export const ZUpdateTrunkBody = z
  .object(trunkFields)
  .partial()
  .superRefine(noSharedIps)
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TUpdateTrunkBody = z.input<typeof ZUpdateTrunkBody>;

export const ZListTrunksQuery = ZScopedPageQuery.extend({
  search: ZSearch,
  status: optional(z.enum(TRUNK_STATUSES)),
});
export type TListTrunksQuery = z.infer<typeof ZListTrunksQuery>;

const ZTrunkIpRow = z.object({ ip: z.string(), name: z.string().nullable() });
export const ZTrunk = z.object({
  id: ZId,
  trunkName: z.string(),
  routeStrategy: z.enum(ROUTE_STRATEGIES),
  status: z.enum(TRUNK_STATUSES),
  primaryGroup: z.array(ZTrunkIpRow),
  failoverGroup: z.array(ZTrunkIpRow),
  customerId: ZId,
  accountId: ZId,
  accountName: z.string(),
  createdAt: ZIsoDateTime,
});
export type TTrunk = z.infer<typeof ZTrunk>;
export const ZTrunkPage = ZPage(ZTrunk);
export type TTrunkPage = z.infer<typeof ZTrunkPage>;

/** The trunks' filters and the address type. */
export const ZListIpsQuery = ZListTrunksQuery.extend({ type: optional(z.enum(IP_TYPES)) });
export type TListIpsQuery = z.infer<typeof ZListIpsQuery>;
export const ZIpAddress = z.object({
  id: ZId,
  ipAddress: z.string(),
  type: z.enum(IP_TYPES),
  status: z.enum(TRUNK_STATUSES),
  description: z.string().nullable(),
  lastUsedAt: ZIsoDateTime.nullable(),
  lastUpdated: ZIsoDateTime,
  accountId: ZId.nullable(),
  accountName: z.string().nullable(),
});
export type TIpAddress = z.infer<typeof ZIpAddress>;
export const ZIpAddressPage = ZPage(ZIpAddress);
export type TIpAddressPage = z.infer<typeof ZIpAddressPage>;

/** What the registration form and the trunk rules say. */
export const IP_RULE_MESSAGES = {
  notRegistered: 'Register this IP address on the 382 Network tab first',
  inactive: 'This IP address is not active: reactivate it on the 382 Network tab',
  otherCustomer: 'This IP address is registered to another customer',
  onOtherTrunk: 'This IP address is already used by another trunk',
  taken: 'This IP address is already registered',
} as const;

const ipDescription = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  ZText().trim().max(200, 'At most 200 characters').nullable().default(null),
);

/** Register an IP on one of the customer's accounts (the account decides the customer). */
export const ZRegisterIpBody = z.object({
  accountId: z.uuid({ message: 'Choose an account' }),
  ipAddress: ZPublicIp,
  type: z.enum(IP_TYPES, { message: 'Choose Call Origination or Call Termination' }),
  description: ipDescription,
});
export type TRegisterIpBody = z.input<typeof ZRegisterIpBody>;

/** Describe, retype, deactivate or reactivate a registered IP. */
export const IP_SETTABLE_STATUSES = ['Active', 'Inactive'] as const;
export const ZUpdateIpBody = z
  .object({
    type: z.enum(IP_TYPES),
    description: ipDescription,
    status: z.enum(IP_SETTABLE_STATUSES),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TUpdateIpBody = z.input<typeof ZUpdateIpBody>;

/** The spec's rule: IPs unused for this many days are deactivated (a daily job). */
export const UNUSED_IP_DAYS = 90;

export const ZVoiceAccount = z.object({
  id: ZId,
  name: z.string(),
  accountCode: z.string(),
  customerId: ZId,
  customerName: z.string(),
  maxVoiceChannels: z.number().int(),
});
export type TVoiceAccount = z.infer<typeof ZVoiceAccount>;

export const ZChannelAllocationBody = z.object({ maxVoiceChannels: ZMaxVoiceChannels });
export type TChannelAllocationBody = z.infer<typeof ZChannelAllocationBody>;

export const ZPlatformIpList = z.object({
  items: z.array(z.object({ ipAddress: z.string(), type: z.enum(IP_TYPES), description: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// CDRs: keyset paging, newest first.

export const CDR_PAGE_SIZES = KEYSET_PAGE_SIZES;

/** The filters of the big record lists (CDRs, messages): account, from/to substrings, a day range. */
export const ZRecordFilters = ZScopeQuery.extend({
  /** Substring of the calling number. */
  from: optional(ZText().trim().max(32)),
  /** Substring of the called number. */
  to: optional(ZText().trim().max(32)),
  startDate: optional(ZIsoDate),
  /** Inclusive through the end of that day. */
  endDate: optional(ZIsoDate),
  /** The IANA time zone the dates are days of; default UTC. */
  tz: optional(ZText().max(64).refine(isTimeZone, 'Unknown time zone')),
});
export const ZCdrFilters = ZRecordFilters;
export type TCdrFilters = z.infer<typeof ZCdrFilters>;

const knownZones = new Set<string>(['UTC']);
/** An IANA time zone name; each valid name is checked once (building a formatter is slow). */
export function isTimeZone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < 1000) knownZones.add(tz);
  return true;
}

/** The record lists' day range: `.refine(dateOrder, DATE_ORDER)`. */
export const [dateOrder, DATE_ORDER] = dateRangeOrder('startDate', 'endDate');

/** A keyset page of a record list: the cursor and 20, 50 or 100 rows. */
export const ZRecordPage = keysetPageShape();

export const ZListCdrsQuery = ZCdrFilters.extend(ZRecordPage).refine(dateOrder, DATE_ORDER);
export type TListCdrsQuery = z.infer<typeof ZListCdrsQuery>;

export const CDR_EXPORT_DATES_REQUIRED = 'Please select a start and end date for the CDR export';
export const ZExportCdrsQuery = ZCdrFilters.refine((v) => v.startDate && v.endDate, {
  message: CDR_EXPORT_DATES_REQUIRED,
  path: ['startDate'],
}).refine(dateOrder, DATE_ORDER);
export type TExportCdrsQuery = z.infer<typeof ZExportCdrsQuery>;

/** The CSV export's header row. */
export const CDR_CSV_HEADER = [
  'Call Date/Time',
  'Call ID',
  'Account',
  'Source',
  'Destination',
  'Duration',
  'Status',
  'Direction',
  'Cost (USD)',
] as const;

export const ZCdr = z.object({
  id: z.string(),
  callId: z.string(),
  accountId: ZId,
  accountName: z.string(),
  fromNumber: z.string(),
  toNumber: z.string(),
  startedAt: ZIsoDateTime,
  durationSeconds: z.number().int(),
  status: z.enum(CDR_STATUSES),
  direction: z.enum(CDR_DIRECTIONS),
  cost: z.number(),
});
export type TCdr = z.infer<typeof ZCdr>;
export const ZCdrPage = ZCursorPage(ZCdr);
export type TCdrPage = z.infer<typeof ZCdrPage>;
