import { z } from 'zod';
import {
  accountOwnerFields,
  optional,
  ZAccountChoice,
  ZId,
  ZIsoDate,
  ZIsoDateTime,
  ZRequiredText,
  ZScopedPageQuery,
  ZScopeQuery,
  ZSearch,
  ZStepUpCode,
  ZText,
} from './common.ts';
import { isIpOrCidr } from './ip.ts';
import { DATE_ORDER, dateOrder, ZRecordPage } from './voice.ts';
/** API access: API keys, webhooks and the events they receive. */
export const API_KEY_ENVIRONMENTS = ['Production', 'Development'] as const;
export const API_KEY_STATUSES = ['Active', 'Revoked'] as const;
export const WEBHOOK_STATUSES = ['Active', 'Inactive', 'Error'] as const;
export const WEBHOOK_EVENTS = ['message.delivered', 'message.failed', 'message.received'] as const;
export type TApiKeyStatus = (typeof API_KEY_STATUSES)[number];
export type TWebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

// ---------------------------------------------------------------------------------------------
// API keys

/** What a key may do; a key without scopes may do everything the public API offers. */
export const API_SCOPES = ['numbers:read', 'cdrs:read', 'messages:read', 'messages:send'] as const;
export type TApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<TApiScope, string> = {
  'numbers:read': 'Read numbers',
  'cdrs:read': 'Read CDRs',
  'messages:read': 'Read messages',
  'messages:send': 'Send messages',
};
/** A recognisable prefix per environment (secret scanners and people can tell them apart). */
export const API_KEY_PREFIXES = { Production: 'pk_live_', Development: 'pk_test_' } as const;

export const ZApiKeyBody = z.object({
  accountId: ZAccountChoice,
  name: ZRequiredText('Key name', 100),
  environment: z.enum(API_KEY_ENVIRONMENTS),
  /** The last day the key works (it stops at the end of that day, UTC). */
  expiresOn: optional(ZIsoDate.nullable()),
  scopes: z.array(z.enum(API_SCOPES)).max(API_SCOPES.length).default([]),
  ipAllowlist: z
    .array(ZText().trim().max(50).refine(isIpOrCidr, 'Enter an IP address or a CIDR block, e.g. 203.0.113.0/24'))
    .max(20, 'At most 20 addresses')
    .default([]),
  twoFactorCode: ZStepUpCode,
});
export type TApiKeyBody = z.input<typeof ZApiKeyBody>;

export const ZApiKey = z.object({
  id: ZId,
  ...accountOwnerFields,
  name: z.string(),
  environment: z.enum(API_KEY_ENVIRONMENTS),
  keyPrefix: z.string(),
  last4: z.string(),
  status: z.enum(API_KEY_STATUSES),
  scopes: z.array(z.enum(API_SCOPES)),
  ipAllowlist: z.array(z.string()),
  expiresAt: ZIsoDateTime.nullable(),
  expired: z.boolean(),
  createdAt: ZIsoDateTime,
  lastUsedAt: ZIsoDateTime.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: ZIsoDateTime.nullable(),
  /** A rolled key works until then beside its successor. */
  graceUntil: ZIsoDateTime.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
/** The whole key, in the answer that creates it and never again. */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZListApiKeysQuery = ZScopedPageQuery.extend({
  status: optional(z.enum(API_KEY_STATUSES)),
  environment: optional(z.enum(API_KEY_ENVIRONMENTS)),
  search: ZSearch,
});
export type TListApiKeysQuery = z.infer<typeof ZListApiKeysQuery>;

export const ZRollApiKeyBody = z.object({
  /** How long the old key keeps working beside the new one. */
  graceHours: z.number().int().min(0).max(168).default(24),
});

/** Display forms (spec): first 8 characters, an ellipsis and the last 4; the account tab shows the first 16. */
export const maskedKey = (k: { keyPrefix: string; last4: string }) => `${k.keyPrefix.slice(0, 8)}…${k.last4}`;

// ---------------------------------------------------------------------------------------------
// The request log (the Usage tab)

export const HTTP_STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
/** '200 OK', '429 Too Many Requests' (the spec's status text). */
export const statusText = (code: number) => `${code}${HTTP_STATUS_TEXT[code] ? ` ${HTTP_STATUS_TEXT[code]}` : ''}`;
export const API_STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

export const ZApiRequestFilters = ZScopeQuery.extend({
  apiKeyId: optional(ZId),
  statusClass: optional(z.enum(API_STATUS_CLASSES)),
  method: optional(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  endpoint: optional(ZText().trim().max(100)),
  startDate: optional(ZIsoDate),
  endDate: optional(ZIsoDate),
});
export const ZListApiRequestsQuery = ZApiRequestFilters.extend(ZRecordPage).refine(dateOrder, DATE_ORDER);
export type TListApiRequestsQuery = z.infer<typeof ZListApiRequestsQuery>;
export const ZExportApiRequestsQuery = ZApiRequestFilters.refine(dateOrder, DATE_ORDER);
export type TExportApiRequestsQuery = z.infer<typeof ZExportApiRequestsQuery>;
export const API_REQUEST_CSV_HEADER = [
  'Timestamp',
  'Method',
  'Endpoint',
  'Status',
  'Response Time (ms)',
  'Key',
  'Account',
  'Request ID',
] as const;

export const ZApiRequest = z.object({
  id: z.string(),
  createdAt: ZIsoDateTime,
  method: z.string(),
  endpoint: z.string(),
  statusCode: z.number().int(),
  status: z.string(),
  responseMs: z.number().int(),
  keyName: z.string().nullable(),
  keyPrefix: z.string().nullable(),
  accountName: z.string(),
  requestId: z.string().nullable(),
});
export type TApiRequest = z.infer<typeof ZApiRequest>;
