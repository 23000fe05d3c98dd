import { z } from 'zod';
import { ZText } from './common.ts';
import { toE164 } from './phone.ts';

/** System settings with the spec's defaults (customer document, section 9) and bounds (section 5). */
export const ZSystemSettings = z.object({
  companyName: ZText().trim().min(1).max(120).default('382 Communications'),
  supportEmail: ZText().trim().email('Email address is invalid').default('support@example.com'),
  supportPhone: ZText().trim().max(40).default('+1 (800) 555-0382'),
  timezone: ZText().default('America/New_York'),
  dateFormat: z.enum(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD']).default('MM/DD/YYYY'),
  passwordMinLength: z.number().int().min(8).max(32).default(10),
  passwordRequireUppercase: z.boolean().default(true),
  passwordRequireNumbers: z.boolean().default(true),
  passwordRequireSpecial: z.boolean().default(true),
  passwordExpiryDays: z.number().int().min(0).max(365).default(90),
  mfaEnabled: z.boolean().default(true),
  sessionTimeout: z.number().int().min(5).max(1440).default(30),
  apiRateLimitPerSecond: z.number().int().min(1).default(100),
  apiRateLimitPerDay: z.number().int().min(1000).default(1_000_000),
  apiLogRetentionDays: z.number().int().min(1).max(365).default(30),
  /** Message records older than this are purged daily (GDPR: kept no longer than needed). */
  messageRetentionDays: z.number().int().min(30).max(3650).default(395),
  /** Call detail records older than this are purged daily (whole months dropped); usage figures and invoices keep their totals. */
  cdrRetentionDays: z.number().int().min(30).max(3650).default(730),
  defaultCurrency: z.enum(['USD', 'EUR', 'GBP', 'CAD', 'AUD']).default('USD'),
  defaultPaymentTerms: z.number().int().min(0).max(90).default(30),
  invoicePrefix: ZText()
    .trim()
    .min(1)
    .max(10)
    .regex(/^[A-Z0-9-]+$/, 'Use capital letters, digits and dashes')
    .default('INV'),
  sendPaymentReminders: z.boolean().default(true),
  emailProvider: z.enum(['smtp', 'sendgrid', 'mailgun', 'ses']).default('smtp'),
  smtpServer: ZText().trim().max(200).default(''),
  smtpPort: z.number().int().min(1).max(65535).default(587),
  smtpUsername: ZText().max(200).default(''),
  smtpPassword: ZText().max(200).default(''),
  emailFromName: ZText().max(120).default('382 Communications'),
  /**
   * The number notification texts come from (users who turned SMS on); empty: no SMS notifications.
   * Sent through SMS_GATEWAY_URL when the server has one, else kept in the outbox.
   */
  smsNotificationSender: ZText()
    .trim()
    .max(30)
    // stored in E.164 (settings service); a refinement, not a transform: the answer's schema too
    .refine((value) => value === '' || toE164(value) !== null, 'Enter a valid phone number, e.g. +1 800 555 0382')
    .default(''),
  maintenanceMode: z.boolean().default(false),
  maintenanceMessage: ZText().max(500).default('The portal is down for scheduled maintenance. Please try again later.'),
  defaultUserRole: ZText().default('Support'),
  defaultDepartment: ZText().default('Operations'),
  requireEmailVerification: z.boolean().default(true),
  allowUserSelfRegistration: z.boolean().default(false),
  automaticAccountLockout: z.boolean().default(true),
  failedLoginAttempts: z.number().int().min(1).max(20).default(5),
  accountLockoutDuration: z.number().int().min(1).max(1440).default(30),
  enforceTwoFactorAuth: z.boolean().default(false),
  passwordResetTimeLimit: z.number().int().min(1).max(168).default(24),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
export const DEFAULT_SETTINGS: TSystemSettings = ZSystemSettings.parse({});

/** Notification settings flags: serviceNewFeature and commsSms default off, others on. */
export const NOTIFICATION_FLAG_KEYS = [
  'billingInvoiceGenerated',
  'billingPaymentReceived',
  'billingPaymentFailed',
  'billingInvoiceOverdue',
  'usageThreshold75',
  'usageThreshold90',
  'usageThreshold100',
  'usageAbnormalActivity',
  'serviceOutage',
  'servicePerformanceDegradation',
  'serviceMaintenance',
  'serviceNewFeature',
  'securityLoginAttempt',
  'securityApiKeyGenerated',
  'securityApiKeyRevoked',
  'securityPasswordChanged',
  'commsEmail',
  'commsSms',
  'commsInApp',
  'commsWeeklyDigest',
] as const;
export const DEFAULT_NOTIFICATION_FLAGS: Record<string, boolean> = Object.fromEntries(
  NOTIFICATION_FLAG_KEYS.map((k) => [k, k !== 'serviceNewFeature' && k !== 'commsSms']),
);
export const NOTIFICATION_PREFERENCE_KEYS = [
  'emailBilling',
  'emailSystem',
  'emailSecurity',
  'emailMarketing',
  'smsSecurity',
  'smsBilling',
  'smsDowntime',
  'inAppAll',
  'inAppBadge',
] as const;
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<string, boolean> = Object.fromEntries(
  NOTIFICATION_PREFERENCE_KEYS.map((k) => [k, !['emailMarketing', 'smsBilling', 'smsDowntime'].includes(k)]),
);

/** What the System Settings screen reads: every setting but the SMTP password (write-only), and whether one is set. */
export const ZSystemSettingsView = ZSystemSettings.omit({ smtpPassword: true }).extend({ smtpPasswordSet: z.boolean() });
export type TSystemSettingsView = z.infer<typeof ZSystemSettingsView>;

/** Save: any subset of the settings, each within its bounds; an empty smtpPassword keeps the stored one. */
export const ZSystemSettingsBody = ZSystemSettings.partial().strict();
export type TSystemSettingsBody = z.input<typeof ZSystemSettingsBody>;

export const ZTestEmailBody = z.object({ to: z.email('Email address is invalid').max(254) });
export const ZTestEmailResult = z.object({
  /** sent: the SMTP server accepted it; kept: no SMTP server is configured, it is in the outbox. */
  outcome: z.enum(['sent', 'kept']),
  message: z.string(),
});
export type TTestEmailResult = z.infer<typeof ZTestEmailResult>;
