import type { z } from 'zod';
import type { RouteEntry } from '../src/plugins/auth.ts';
import type { Fixtures, TenantFixtures } from './fixtures.ts';

/**
 * What the route-wide suites need to know about a route's inputs, read from its Zod schemas: the
 * fields of params, query and body and their kinds, and a valid-looking sample of each (checked
 * with the schema itself, so a new route whose inputs cannot be sampled fails loudly here).
 */

type Def = {
  type: string;
  format?: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number; value?: number } } }[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export type FieldKind =
  | { kind: 'string'; format?: string; max?: number; min?: number }
  | { kind: 'number'; coerce: boolean; max?: number; min?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'array'; element: FieldKind }
  | { kind: 'object'; shape: Record<string, z.ZodType> }
  | { kind: 'union'; options: z.ZodType[] }
  | { kind: 'other'; type: string };

export interface Field {
  kind: FieldKind;
  optional: boolean;
  nullable: boolean;
}

/** The field's kind once wrappers (optional, default, preprocess, transform) are peeled off. */
export function fieldOf(schema: z.ZodType): Field {
  let optional = false;
  let nullable = false;
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.type === 'nullable') nullable = true;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type) && def.innerType) {
      s = def.innerType;
      continue;
    }
    if (def.type === 'pipe' && def.in && def.out) {
      s = defOf(def.in).type === 'transform' ? def.out : def.in;
      continue;
    }
    return { kind: kindOf(s), optional, nullable };
  }
}

function kindOf(s: z.ZodType): FieldKind {
  const def = defOf(s);
  const bound = (name: string) => def.checks?.find((c) => c._zod.def.check === name)?._zod.def;
  switch (def.type) {
    case 'string':
      return { kind: 'string', format: def.format, max: bound('max_length')?.maximum, min: bound('min_length')?.minimum };
    case 'number':
      return { kind: 'number', coerce: !!def.coerce, max: bound('less_than')?.value, min: bound('greater_than')?.value };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'enum', values: def.values ?? [] };
    case 'array':
      return { kind: 'array', element: fieldOf(def.element as z.ZodType).kind };
    case 'object':
      return { kind: 'object', shape: def.shape ?? {} };
    case 'union':
      return { kind: 'union', options: def.options ?? [] };
    default:
      return { kind: 'other', type: def.type };
  }
}

/** The object fields of a params, query or body schema (an empty list for none). */
export function fieldsOf(schema: unknown): [string, Field][] {
  if (!schema) return [];
  const f = fieldOf(schema as z.ZodType);
  if (f.kind.kind === 'union') return fieldsOf(f.kind.options[0]);
  if (f.kind.kind !== 'object') return [];
  return Object.entries(f.kind.shape).map(([k, v]) => [k, fieldOf(v)]);
}

/** Values that fields of these names need and no schema walk can guess (patterns, checksums, refinements). */
const SAMPLES: Record<string, unknown> = {
  email: 'probe@example.com',
  billingEmail: 'billing@example.com',
  billingContactEmail: 'billing@example.com',
  phone: '+1 (212) 555-0199',
  number: '+12024561414',
  password: 'Probe-Password-1',
  newPassword: 'Probe-Password-1',
  confirmPassword: 'Probe-Password-1',
  acceptTerms: true,
  token: 'probe-token-probe-token-probe',
  challengeId: 'probe-challenge-probe-challenge',
  code: '123456',
  trunkName: 'Probe trunk',
  primaryGroup: [{ ip: '203.0.113.7', name: 'Probe' }],
  failoverGroup: [],
  ip: '203.0.113.8',
  ipAddress: '198.51.100.77',
  description: 'Probe description',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvv: '123',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  fileName: 'probe.pdf',
  tz: 'UTC',
  taxId: '12-3456789',
  website: 'https://probe.example.com',
  supportEmail: 'support@example.com',
  supportPhone: '+1 (212) 555-0198',
  postalCode: '10001',
  sampleMessages: ['Probe: your order shipped. Reply STOP to opt out.'],
  q: 'ac',
  body: 'Probe note',
  note: 'Probe note',
  scheduledFor: '2030-01-01T12:00:00.000Z',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  prefix: '212',
  monthlyCost: 10,
  maxVoiceChannels: 10,
  priority: 'High',
  url: 'https://hooks.example.com/probe',
  events: ['message.delivered'],
  // support files
  reference: '+12024561414',
  // report exports
  recipients: ['probe@example.com'],
};

/** Which fixture a tenant-bound id field names, by field name. */
export type FixtureKind =
  | 'customer'
  | 'account'
  | 'service'
  | 'number'
  | 'trunk'
  | 'porting'
  | 'portingDocument'
  | 'notification'
  | 'ipAddress'
  | 'serviceAccount'
  | 'documentRequest'
  | 'user'
  | 'ticket'
  | 'incident'
  | 'article'
  | 'dncEntry'
  | 'brand'
  | 'campaign'
  | 'template'
  | 'optOut'
  | 'webhook'
  | 'webhookDelivery'
  | 'apiKey'
  | 'invoice'
  | 'paymentMethod'
  | 'rateDeck'
  | 'platformToken'
  // support files
  | 'ticketAttachment'
  | 'ticketLink'
  // report exports
  | 'reportFile'
  | 'reportFileToken'
  | 'reportSchedule';

export function fixtureId(t: TenantFixtures, kind: FixtureKind): string {
  switch (kind) {
    case 'customer':
      return t.customer.id;
    case 'account':
      return t.account;
    case 'service':
      return t.service.id;
    case 'serviceAccount':
      return t.service.accountId;
    case 'number':
      return t.number;
    case 'trunk':
      return t.trunk;
    case 'porting':
      return t.porting;
    case 'documentRequest':
      return t.portingDocument.requestId;
    case 'portingDocument':
      return t.portingDocument.id;
    case 'notification':
      return t.notification;
    case 'ipAddress':
      return t.ipAddress;
    case 'user':
      return t.user;
    case 'ticket':
      return t.ticket;
    case 'incident':
      return t.incident;
    case 'article':
      return t.article;
    case 'dncEntry':
      return t.dncEntry;
    case 'brand':
      return t.brand;
    case 'campaign':
      return t.campaign;
    case 'template':
      return t.template;
    case 'optOut':
      return t.optOut;
    case 'webhook':
      return t.webhook;
    case 'webhookDelivery':
      return t.webhookDelivery;
    case 'apiKey':
      return t.apiKey;
    case 'invoice':
      return t.invoice;
    case 'paymentMethod':
      return t.paymentMethod;
    case 'rateDeck':
      return t.rateDeck;
    case 'platformToken':
      return t.platformToken;
    // support files
    case 'ticketAttachment':
      return t.ticketAttachment;
    case 'ticketLink':
      return t.ticketLink;
    // report exports
    case 'reportFile':
      return t.reportFile;
    case 'reportFileToken':
      return t.reportFileToken;
    case 'reportSchedule':
      return t.reportSchedule;
  }
}

/** Query and body fields that name a tenant's record (when they hold ids). */
export const ID_FIELDS: Record<string, FixtureKind> = {
  customerId: 'customer',
  accountId: 'account',
  numberIds: 'number',
  brandId: 'brand',
  apiKeyId: 'apiKey',
  paymentMethodId: 'paymentMethod',
};

export function idFieldKind(key: string, field: Field): FixtureKind | undefined {
  const k = field.kind.kind === 'array' ? field.kind.element : field.kind;
  return k.kind === 'string' && k.format === 'uuid' ? ID_FIELDS[key] : undefined;
}

/**
 * Each route's path parameters and the fixture each names, by URL pattern. A new route with a
 * parameter fails the suites until it gets a line here.
 */
export const PARAM_FIXTURES: [RegExp, Record<string, FixtureKind>][] = [
  [/^\/api\/notifications\/:id\//, { id: 'notification' }],
  [/^\/api\/(admin\/)?customers\/:id(\/|$)/, { id: 'customer' }],
  [/^\/api\/names\/customers\/:id$/, { id: 'customer' }],
  [/^\/api\/names\/accounts\/:id$/, { id: 'account' }],
  [/^\/api\/customers\/:customerId\/payment-methods\/:methodId(\/default)?$/, { customerId: 'customer', methodId: 'paymentMethod' }],
  [/^\/api\/customers\/:customerId\//, { customerId: 'customer' }],
  [/^\/api\/accounts\/:id(\/budget)?$/, { id: 'account' }],
  [/^\/api\/invoices\/:id(\/pdf|\/adjustments|\/finalize|\/void|\/reminders|\/pay)?$/, { id: 'invoice' }],
  [/^\/api\/rate-decks\/:id(\/rates|\/import)?$/, { id: 'rateDeck' }],
  [/^\/api\/admin\/accounts\/:id\/services$/, { id: 'account' }],
  [/^\/api\/admin\/accounts\/:id\/services\/:serviceId$/, { id: 'serviceAccount', serviceId: 'service' }],
  [/^\/api\/porting\/:id\/documents\/:documentId$/, { id: 'documentRequest', documentId: 'portingDocument' }],
  [/^\/api\/porting\/:id(\/status|\/documents)?$/, { id: 'porting' }],
  [/^\/api\/voice\/accounts\/:id\/channels$/, { id: 'account' }],
  [/^\/api\/voice\/trunks\/:id$/, { id: 'trunk' }],
  [/^\/api\/voice\/ips\/:id$/, { id: 'ipAddress' }],
  [/^\/api\/users\/:id(\/status|\/invite|\/activity|\/two-factor\/reset)?$/, { id: 'user' }],
  [/^\/api\/names\/users\/:id$/, { id: 'user' }],
  [/^\/api\/tickets\/:id(\/comments)?$/, { id: 'ticket' }],
  // support files
  [/^\/api\/tickets\/:id\/(attachments|links)$/, { id: 'ticket' }],
  [/^\/api\/tickets\/:id\/attachments\/:attachmentId$/, { id: 'ticket', attachmentId: 'ticketAttachment' }],
  [/^\/api\/tickets\/:id\/links\/:linkId$/, { id: 'ticket', linkId: 'ticketLink' }],
  // report exports
  [/^\/api\/reports\/files\/download\/:token$/, { token: 'reportFileToken' }],
  [/^\/api\/reports\/files\/:id$/, { id: 'reportFile' }],
  [/^\/api\/reports\/schedules\/:id$/, { id: 'reportSchedule' }],
  [/^\/api\/status\/incidents\/:id\/updates$/, { id: 'incident' }],
  [/^\/api\/knowledge\/:id$/, { id: 'article' }],
  [/^\/api\/compliance\/entries\/:id$/, { id: 'dncEntry' }],
  [/^\/api\/messaging\/brands\/:id(\/review)?$/, { id: 'brand' }],
  [/^\/api\/messaging\/campaigns\/:id(\/status|\/numbers)?$/, { id: 'campaign' }],
  [/^\/api\/messaging\/templates\/:id$/, { id: 'template' }],
  [/^\/api\/messaging\/opt-outs\/:id$/, { id: 'optOut' }],
  [/^\/api\/api-keys\/:id(\/revoke|\/roll)?$/, { id: 'apiKey' }],
  [/^\/api\/platform-tokens\/:id\/revoke$/, { id: 'platformToken' }],
  [/^\/api\/webhooks\/:id\/deliveries\/:deliveryId\/replay$/, { id: 'webhook', deliveryId: 'webhookDelivery' }],
  [/^\/api\/webhooks\/:id(\/rotate-secret|\/test|\/deliveries|\/replay)?$/, { id: 'webhook' }],
];

export function paramFixtures(route: Pick<RouteEntry, 'method' | 'url'>): Record<string, FixtureKind> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  if (!names.length) return {};
  const entry = PARAM_FIXTURES.find(([pattern]) => pattern.test(route.url));
  const kinds = entry?.[1] ?? {};
  const missing = names.filter((n) => !kinds[n]);
  if (missing.length) {
    throw new Error(
      `${route.method} ${route.url}: no fixture for the parameter(s) ${missing.join(', ')}; add a line to PARAM_FIXTURES in test/route-inputs.ts`,
    );
  }
  return kinds;
}

/**
 * Percent-encodes any string, lone surrogates included (as the bytes a careless client sends,
 * WTF-8), where encodeURIComponent throws and URLSearchParams silently repairs them.
 */
export function encodeLoose(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i] as string);
    }
  }
  return out;
}

/** The URL with each parameter replaced by the given value. */
export function fillUrl(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeLoose(values[name] ?? ''));
}

/** A query string of any values (lone surrogates kept, see encodeLoose). */
export function looseQuery(url: string, query: Record<string, unknown>): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(typeof v === 'string' ? v : String(v))}`);
  return parts.length ? `${url}?${parts.join('&')}` : url;
}

export function ownParams(route: Pick<RouteEntry, 'method' | 'url'>, tenant: TenantFixtures): Record<string, string> {
  return Object.fromEntries(Object.entries(paramFixtures(route)).map(([name, kind]) => [name, fixtureId(tenant, kind)]));
}

function sampleOf(key: string, field: Field, tenant: TenantFixtures, depth = 0): unknown {
  if (key in SAMPLES) return SAMPLES[key];
  const idKind = idFieldKind(key, field);
  if (idKind) return idKind === 'number' ? [fixtureId(tenant, 'number')] : fixtureId(tenant, idKind);
  const k = field.kind;
  switch (k.kind) {
    case 'string':
      if (k.format === 'uuid') return field.nullable ? null : '00000000-0000-4000-8000-000000000000';
      if (k.format === 'email') return 'probe@example.com';
      if (k.format === 'date') return '2026-01-15';
      if (k.format === 'datetime') return '2026-01-15T12:00:00.000Z';
      return 'Probe';
    case 'number':
      return Math.max(1, k.min ?? 1);
    case 'boolean':
      return key === 'billingSameAsCompany' || key === 'useCustomerBilling';
    case 'enum':
      return k.values[0];
    case 'array':
      return [];
    case 'object':
      return depth > 3
        ? {}
        : Object.fromEntries(Object.entries(k.shape).map(([kk, v]) => [kk, sampleOf(kk, fieldOf(v), tenant, depth + 1)]));
    case 'union':
      return sampleOf(key, fieldOf(k.options[0] as z.ZodType), tenant, depth + 1);
    default:
      return undefined;
  }
}

/**
 * A valid-looking value for a params, query or body schema, its ids taken from the tenant's
 * fixtures; checked against the schema, so an unsampleable new input fails with the field to add
 * to SAMPLES.
 */
export function validSample(schema: unknown, tenant: TenantFixtures, what: string): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const f = fieldOf(schema as z.ZodType);
  const fields = f.kind.kind === 'union' ? fieldsOf(f.kind.options[0]) : fieldsOf(schema);
  const value: Record<string, unknown> = {};
  for (const [key, field] of fields) {
    // Optional query filters stay out, so a list answers with its default view.
    const idKind = idFieldKind(key, field);
    if (field.optional && !(key in SAMPLES) && !idKind && field.kind.kind !== 'boolean') continue;
    if (field.optional && idKind && what.startsWith('query')) continue;
    const v = sampleOf(key, field, tenant);
    if (v !== undefined) value[key] = v;
  }
  for (const key of ['startDate', 'endDate', 'tz', 'scheduledFor', 'note', 'prefix'] as const) {
    // Optional filters that narrow a list stay out unless the schema needs them.
    const field = fields.find(([k]) => k === key)?.[1];
    if (!field?.optional) continue;
    const { [key]: _, ...without } = value;
    if ((schema as z.ZodType).safeParse(without).success) delete value[key];
  }
  const parsed = (schema as z.ZodType).safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${what}: cannot make a valid sample (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); add the field to SAMPLES in test/route-inputs.ts`,
    );
  }
  return value;
}

/** The same request's inputs naming the other tenant's records, for the cross-tenant checks. */
/** Records every tenant shares (the provider's status page, its knowledge base): not tenant-bound. */
const SHARED_KINDS = new Set<FixtureKind>(['incident', 'article', 'platformToken']);

export function tenantBound(route: RouteEntry): { params: boolean; query: string[]; body: string[] } {
  const params = Object.values(paramFixtures(route)).some((kind) => !SHARED_KINDS.has(kind));
  const query = fieldsOf(route.schema.querystring)
    .filter(([k, f]) => idFieldKind(k, f))
    .map(([k]) => k);
  const body = fieldsOf(route.schema.body)
    .filter(([k, f]) => idFieldKind(k, f))
    .map(([k]) => k);
  return { params, query, body };
}

export type { Fixtures };
