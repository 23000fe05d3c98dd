import { STAFF_ROLES } from '@portal/contract/roles';
import { type TSystemSettings, type TSystemSettingsBody, type TSystemSettingsView, ZSystemSettings } from '@portal/contract/settings';
import { z } from 'zod';

/**
 * The System Settings forms: what each setting is called, its help text with its bounds (read from
 * the contract's schema, so the screen and the server agree), which tab and section holds it, and
 * the pure steps of a tab's form (its values from the saved settings, its schema, the body it saves).
 */

export type SettingKey = keyof TSystemSettings;
type Option = { value: string; label: string };

export type FieldSpec = {
  label: string;
  /** What the setting does; the bounds are added from the contract. */
  help: string;
  kind: 'text' | 'number' | 'switch' | 'select' | 'password' | 'textarea';
  /** What a number counts (minutes, days…), for the help text. */
  unit?: string;
  options?: readonly Option[];
};

const opts = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The time zones the spec offers (system settings: Eastern … Tokyo). */
export const TIMEZONE_OPTIONS: Option[] = [
  { value: 'America/New_York', label: 'Eastern Time (America/New_York)' },
  { value: 'America/Chicago', label: 'Central Time (America/Chicago)' },
  { value: 'America/Denver', label: 'Mountain Time (America/Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (America/Los_Angeles)' },
  { value: 'Europe/London', label: 'London (Europe/London)' },
  { value: 'Europe/Paris', label: 'Paris (Europe/Paris)' },
  { value: 'Asia/Tokyo', label: 'Tokyo (Asia/Tokyo)' },
];

const DEPARTMENTS = ['Operations', 'Sales', 'Support', 'Billing', 'Engineering', 'Management'];

export const FIELDS: Record<SettingKey, FieldSpec> = {
  companyName: { label: 'Company Name', help: 'Shown in emails and on invoices.', kind: 'text' },
  supportEmail: { label: 'Support Email', help: 'Where customers write for help.', kind: 'text' },
  supportPhone: { label: 'Support Phone', help: 'Shown to customers with the support email.', kind: 'text' },
  timezone: { label: 'Timezone', help: "The portal's time zone for jobs and reports.", kind: 'select', options: TIMEZONE_OPTIONS },
  dateFormat: {
    label: 'Date Format',
    help: 'How dates are written in documents.',
    kind: 'select',
    options: opts(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD']),
  },
  defaultCurrency: {
    label: 'Default Currency',
    help: 'For new customers and rates.',
    kind: 'select',
    options: opts(['USD', 'EUR', 'GBP', 'CAD', 'AUD']),
  },
  passwordMinLength: {
    label: 'Minimum Password Length',
    help: 'Every new password has at least this many characters.',
    kind: 'number',
    unit: 'characters',
  },
  passwordRequireUppercase: { label: 'Require uppercase letters', help: 'New passwords contain a capital letter.', kind: 'switch' },
  passwordRequireNumbers: { label: 'Require numbers', help: 'New passwords contain a digit.', kind: 'switch' },
  passwordRequireSpecial: {
    label: 'Require special characters',
    help: 'New passwords contain a character other than letters and digits.',
    kind: 'switch',
  },
  passwordExpiryDays: {
    label: 'Password Expiry',
    help: 'Users choose a new password at sign-in after this many days; 0 = never.',
    kind: 'number',
    unit: 'days',
  },
  sessionTimeout: { label: 'Session Timeout', help: 'An idle session ends after this many minutes.', kind: 'number', unit: 'minutes' },
  mfaEnabled: { label: 'Two-factor authentication available', help: 'Users may set up two-factor sign-in.', kind: 'switch' },
  enforceTwoFactorAuth: {
    label: 'Enforce two-factor authentication',
    help: 'Users without two-factor sign-in must set it up at their next sign-in (needs two-factor authentication available).',
    kind: 'switch',
  },
  automaticAccountLockout: {
    label: 'Automatic account lockout',
    help: 'Refuse sign-in for a while after repeated failures.',
    kind: 'switch',
  },
  failedLoginAttempts: { label: 'Failed Login Attempts', help: 'Failures in a row before the lockout.', kind: 'number', unit: 'attempts' },
  accountLockoutDuration: { label: 'Lockout Duration', help: 'How long a locked sign-in stays refused.', kind: 'number', unit: 'minutes' },
  passwordResetTimeLimit: {
    label: 'Password Reset Link Validity',
    help: 'A reset link works for this many hours.',
    kind: 'number',
    unit: 'hours',
  },
  requireEmailVerification: {
    label: 'Require email verification',
    help: 'New users confirm their address before signing in.',
    kind: 'switch',
  },
  allowUserSelfRegistration: {
    label: 'Allow self-registration',
    help: 'New customers may sign up themselves; staff approve each request.',
    kind: 'switch',
  },
  defaultUserRole: {
    label: 'Default User Role',
    help: 'The role a new staff user starts with.',
    kind: 'select',
    options: opts(STAFF_ROLES),
  },
  defaultDepartment: {
    label: 'Default Department',
    help: 'The department a new staff user starts in.',
    kind: 'select',
    options: opts(DEPARTMENTS),
  },
  apiRateLimitPerSecond: {
    label: 'Rate Limit per Second',
    help: "Requests a customer's API keys may make each second.",
    kind: 'number',
    unit: 'requests',
  },
  apiRateLimitPerDay: {
    label: 'Rate Limit per Day',
    help: "Requests a customer's API keys may make each day.",
    kind: 'number',
    unit: 'requests',
  },
  apiLogRetentionDays: { label: 'API Log Retention', help: 'API request logs older than this are deleted.', kind: 'number', unit: 'days' },
  messageRetentionDays: {
    label: 'Message Retention',
    help: 'Message records older than this are purged daily.',
    kind: 'number',
    unit: 'days',
  },
  cdrRetentionDays: {
    label: 'CDR Retention',
    help: 'Call detail records older than this are purged daily. Usage figures and invoices keep their totals.',
    kind: 'number',
    unit: 'days',
  },
  defaultPaymentTerms: {
    label: 'Default Payment Terms',
    help: 'Invoices are due this many days after issue; 0 = on receipt.',
    kind: 'number',
    unit: 'days',
  },
  invoicePrefix: { label: 'Invoice Prefix', help: 'Starts every invoice number: capital letters, digits and dashes.', kind: 'text' },
  sendPaymentReminders: { label: 'Send payment reminders', help: 'Email customers about invoices coming due and overdue.', kind: 'switch' },
  emailProvider: {
    label: 'Email Provider',
    help: 'How the portal sends email.',
    kind: 'select',
    options: [
      { value: 'smtp', label: 'SMTP' },
      { value: 'sendgrid', label: 'SendGrid' },
      { value: 'mailgun', label: 'Mailgun' },
      { value: 'ses', label: 'Amazon SES' },
    ],
  },
  smtpServer: { label: 'SMTP Server', help: 'Host name; empty keeps every email in the Email Outbox.', kind: 'text' },
  smtpPort: { label: 'SMTP Port', help: 'Usually 587 (STARTTLS) or 465 (TLS).', kind: 'number' },
  smtpUsername: { label: 'SMTP Username', help: 'Leave empty when the server needs no sign-in.', kind: 'text' },
  smtpPassword: {
    label: 'SMTP Password',
    help: 'Write-only: it is never shown again. Leave empty to keep the saved one.',
    kind: 'password',
  },
  emailFromName: { label: 'From Name', help: 'The sender name on every email.', kind: 'text' },
  smsNotificationSender: {
    label: 'SMS Notifications Sender',
    help: "The number notification texts come from, to users who turned SMS on. Empty: no texts. Without the server's SMS gateway they are kept in the outbox.",
    kind: 'text',
  },
  maintenanceMode: { label: 'Maintenance mode', help: 'Closes the portal and the public API to customers.', kind: 'switch' },
  maintenanceMessage: {
    label: 'Maintenance Message',
    help: 'Shown to customers on the sign-in page while maintenance mode is on.',
    kind: 'textarea',
  },
};

/** The settings tabs' fields, in sections (the profile and logs tabs hold no settings). */
export const SETTINGS_TABS = {
  general: [{ title: 'Company', keys: ['companyName', 'supportEmail', 'supportPhone', 'timezone', 'dateFormat', 'defaultCurrency'] }],
  security: [
    {
      title: 'Password Policy',
      keys: ['passwordMinLength', 'passwordExpiryDays', 'passwordRequireUppercase', 'passwordRequireNumbers', 'passwordRequireSpecial'],
    },
    {
      title: 'Sign-in and Sessions',
      keys: [
        'sessionTimeout',
        'passwordResetTimeLimit',
        'failedLoginAttempts',
        'accountLockoutDuration',
        'automaticAccountLockout',
        'mfaEnabled',
        'enforceTwoFactorAuth',
      ],
    },
    {
      title: 'New Users',
      keys: ['defaultUserRole', 'defaultDepartment', 'requireEmailVerification', 'allowUserSelfRegistration'],
    },
  ],
  api: [
    { title: 'Rate Limits', keys: ['apiRateLimitPerSecond', 'apiRateLimitPerDay'] },
    { title: 'Retention', keys: ['apiLogRetentionDays', 'messageRetentionDays', 'cdrRetentionDays'] },
  ],
  billing: [{ title: 'Invoices', keys: ['defaultPaymentTerms', 'invoicePrefix', 'sendPaymentReminders'] }],
  email: [
    { title: 'Email Delivery', keys: ['emailProvider', 'smtpServer', 'smtpPort', 'smtpUsername', 'smtpPassword', 'emailFromName'] },
    { title: 'SMS Notifications', keys: ['smsNotificationSender'] },
  ],
  maintenance: [{ title: 'Maintenance', keys: ['maintenanceMode', 'maintenanceMessage'] }],
} as const satisfies Record<string, readonly { title: string; keys: readonly SettingKey[] }[]>;
export type SettingsTab = keyof typeof SETTINGS_TABS;

export function keysOfTab(tab: SettingsTab): SettingKey[] {
  return SETTINGS_TABS[tab].flatMap((s) => s.keys);
}

type Shape = typeof ZSystemSettings.shape;
/** A setting's own schema, without its default (an emptied field is an error, not the default). */
function baseSchema(key: SettingKey): z.ZodType {
  return (ZSystemSettings.shape[key] as Shape[SettingKey]).unwrap() as z.ZodType;
}

const BIG = 1e15;
const figure = (n: number) => n.toLocaleString('en-US');

/** A number setting's bounds, from the contract (undefined where it has none). */
export function boundsOf(key: SettingKey): { min?: number; max?: number } {
  const s = baseSchema(key);
  if (!(s instanceof z.ZodNumber)) return {};
  const min = s.minValue !== null && Math.abs(s.minValue) < BIG ? s.minValue : undefined;
  const max = s.maxValue !== null && Math.abs(s.maxValue) < BIG ? s.maxValue : undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The bounds in words: 'From 5 to 1,440 minutes.', 'At least 1,000 requests.' */
export function boundsText(key: SettingKey): string {
  const { min, max } = boundsOf(key);
  const plural = FIELDS[key].unit;
  // one figure takes the unit's number: 'At least 1 request.', 'At least 1,000 requests.'
  const unit = (n: number) => (plural ? ` ${n === 1 ? plural.replace(/s$/, '') : plural}` : '');
  if (min !== undefined && max !== undefined) return `From ${figure(min)} to ${figure(max)}${unit(max)}.`;
  if (min !== undefined) return `At least ${figure(min)}${unit(min)}.`;
  if (max !== undefined) return `At most ${figure(max)}${unit(max)}.`;
  const s = baseSchema(key);
  if (s instanceof z.ZodString && s.maxLength !== null) return `Up to ${figure(s.maxLength)} characters.`;
  return '';
}

/** The help under a field: what it does, then its bounds. */
export function helpOf(key: SettingKey): string {
  const bounds = boundsText(key);
  return bounds ? `${FIELDS[key].help} ${bounds}` : FIELDS[key].help;
}

/** The message for a value the contract refuses: the bounds in words for numbers, 'Required' for an emptied field. */
function messageFor(key: SettingKey, value: unknown, contractMessage: string): string {
  if (FIELDS[key].kind === 'number') {
    if (value === '' || value === undefined || value === null) return 'Required';
    const { min, max } = boundsOf(key);
    const unit = FIELDS[key].unit ? ` ${FIELDS[key].unit}` : '';
    if (min !== undefined && max !== undefined) return `Enter a whole number from ${figure(min)} to ${figure(max)}${unit}`;
    if (min !== undefined) return `Enter a whole number of at least ${figure(min)}${unit}`;
    return 'Enter a whole number';
  }
  if (typeof value === 'string' && value.trim() === '' && contractMessage.startsWith('Too small')) return 'Required';
  if (contractMessage.startsWith('Too big')) {
    const s = baseSchema(key);
    if (s instanceof z.ZodString && s.maxLength !== null) return `At most ${figure(s.maxLength)} characters`;
  }
  return contractMessage;
}

/** A tab's form values as the form holds them: the saved settings, the SMTP password always empty (write-only). */
export type TabValues = Partial<Record<SettingKey, string | number | boolean>>;

export function tabValues(view: TSystemSettingsView, keys: readonly SettingKey[]): TabValues {
  return Object.fromEntries(keys.map((k) => [k, k === 'smtpPassword' ? '' : view[k as Exclude<SettingKey, 'smtpPassword'>]]));
}

/**
 * The schema a tab's form is checked with: the contract's schema of each of its settings (its
 * bounds), with the messages a person reads ('Enter a whole number from 5 to 1,440 minutes').
 */
export function tabSchema(keys: readonly SettingKey[]) {
  return z.object(
    Object.fromEntries(
      keys.map((key) => [
        key,
        z.unknown().transform((value, ctx) => {
          const checked = baseSchema(key).safeParse(value === '' && FIELDS[key].kind === 'number' ? undefined : value);
          if (checked.success) return checked.data;
          ctx.addIssue({ code: 'custom', message: messageFor(key, value, checked.error.issues[0]?.message ?? 'Invalid value') });
          return z.NEVER;
        }),
      ]),
    ),
  );
}

/** What Save sends: the tab's settings, checked; the SMTP password only when one was typed. */
export function saveBody(values: TabValues, keys: readonly SettingKey[]): TSystemSettingsBody {
  const body = tabSchema(keys).parse(values) as Record<string, unknown>;
  if (body.smtpPassword === '') delete body.smtpPassword;
  return body as TSystemSettingsBody;
}
