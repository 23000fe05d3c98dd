/** API access: API keys, webhooks and the events they receive. */
export const API_KEY_ENVIRONMENTS = ['Production', 'Development'] as const;
export const API_KEY_STATUSES = ['Active', 'Revoked'] as const;
export const WEBHOOK_STATUSES = ['Active', 'Inactive', 'Error'] as const;
export const WEBHOOK_EVENTS = ['message.delivered', 'message.failed', 'message.received'] as const;
export type TApiKeyStatus = (typeof API_KEY_STATUSES)[number];
export type TWebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
