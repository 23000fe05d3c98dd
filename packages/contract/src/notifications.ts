import { z } from 'zod';
import { ZIsoDateTime } from './common.ts';
import { NOTIFICATION_FLAG_KEYS, NOTIFICATION_PREFERENCE_KEYS } from './settings.ts';

export const NOTIFICATION_TYPES = ['system', 'ticket', 'customer', 'account', 'alert', 'Billing', 'Security', 'Service', 'Usage'] as const;

export const ZNotification = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z.coerce.boolean().default(false),
});

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

// ---- settings and the event catalog ------------------------------------------------------------

export const ZNotificationFlags = z.object(
  Object.fromEntries(NOTIFICATION_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof NOTIFICATION_FLAG_KEYS)[number], z.ZodBoolean>,
);
export const ZNotificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
    (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
    z.ZodBoolean
  >,
);
export type TNotificationFlags = z.infer<typeof ZNotificationFlags>;
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** A user's notification settings flags (the settings page) and center preferences (the Notification Center). */
export const ZNotificationSettings = z.object({ flags: ZNotificationFlags, preferences: ZNotificationPreferences });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
/** Either part may be saved alone (each page saves its own). */
export const ZNotificationSettingsBody = z.strictObject({
  flags: ZNotificationFlags.partial().strict().optional(),
  preferences: ZNotificationPreferences.partial().strict().optional(),
});
export type TNotificationSettingsBody = z.input<typeof ZNotificationSettingsBody>;

type Flag = (typeof NOTIFICATION_FLAG_KEYS)[number];
type Pref = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

/**
 * The events that notify, each with the flag that mutes it (null: always sent), its type in the
 * center and the email preference that governs its email. Security events cannot be muted in the
 * portal (their flag only decides the email).
 */
export const NOTIFICATION_EVENTS = {
  invoiceGenerated: { flag: 'billingInvoiceGenerated', type: 'Billing', email: 'emailBilling', security: false },
  paymentReceived: { flag: 'billingPaymentReceived', type: 'Billing', email: 'emailBilling', security: false },
  paymentFailed: { flag: 'billingPaymentFailed', type: 'Billing', email: 'emailBilling', security: false },
  invoiceOverdue: { flag: 'billingInvoiceOverdue', type: 'Billing', email: 'emailBilling', security: false },
  usageThreshold75: { flag: 'usageThreshold75', type: 'Usage', email: 'emailSystem', security: false },
  usageThreshold90: { flag: 'usageThreshold90', type: 'Usage', email: 'emailSystem', security: false },
  usageThreshold100: { flag: 'usageThreshold100', type: 'Usage', email: 'emailSystem', security: false },
  abnormalActivity: { flag: 'usageAbnormalActivity', type: 'Usage', email: 'emailSystem', security: false },
  serviceOutage: { flag: 'serviceOutage', type: 'Service', email: 'emailSystem', security: false },
  serviceDegradation: { flag: 'servicePerformanceDegradation', type: 'Service', email: 'emailSystem', security: false },
  serviceMaintenance: { flag: 'serviceMaintenance', type: 'Service', email: 'emailSystem', security: false },
  newFeature: { flag: 'serviceNewFeature', type: 'Service', email: 'emailMarketing', security: false },
  signInNewDevice: { flag: 'securityLoginAttempt', type: 'Security', email: 'emailSecurity', security: true },
  apiKeyGenerated: { flag: 'securityApiKeyGenerated', type: 'Security', email: 'emailSecurity', security: true },
  apiKeyRevoked: { flag: 'securityApiKeyRevoked', type: 'Security', email: 'emailSecurity', security: true },
  passwordChanged: { flag: 'securityPasswordChanged', type: 'Security', email: 'emailSecurity', security: true },
  twoFactorChanged: { flag: null, type: 'Security', email: 'emailSecurity', security: true },
  portingStatusChanged: { flag: null, type: 'Service', email: 'emailSystem', security: false },
  ticketUpdated: { flag: null, type: 'ticket', email: 'emailSystem', security: false },
  campaignStatusChanged: { flag: null, type: 'Service', email: 'emailSystem', security: false },
  webhookFailing: { flag: null, type: 'alert', email: 'emailSystem', security: false },
  /** A file asked for (a large report export) is ready to download through its expiring link. */
  reportReady: { flag: null, type: 'system', email: 'emailSystem', security: false },
  /** A company signed up through the sign-up page and awaits review (staff Admins and Account Managers). */
  registrationReceived: { flag: null, type: 'account', email: 'emailSystem', security: false },
} as const satisfies Record<string, { flag: Flag | null; type: string; email: Pref; security: boolean }>;
export type TNotificationEvent = keyof typeof NOTIFICATION_EVENTS;
