import type { TNotificationFlags, TNotificationPreferences } from '@portal/contract/notifications';

type FlagKey = keyof TNotificationFlags;
type PreferenceKey = keyof TNotificationPreferences;

export type FlagGroup = {
  id: 'billing' | 'usage' | 'service' | 'security' | 'communication';
  title: string;
  description: string;
  flags: { key: FlagKey; label: string; description: string }[];
};

/** The settings page's toggle groups over the 20 flags (customer document, section 3), in the spec's order. */
export const FLAG_GROUPS: FlagGroup[] = [
  {
    id: 'billing',
    title: 'Billing',
    description: 'Invoices and payments',
    flags: [
      { key: 'billingInvoiceGenerated', label: 'Invoice generated', description: 'A new invoice is ready' },
      { key: 'billingPaymentReceived', label: 'Payment received', description: 'A payment was applied to an invoice' },
      { key: 'billingPaymentFailed', label: 'Payment failed', description: 'A card or bank payment was declined' },
      { key: 'billingInvoiceOverdue', label: 'Invoice overdue', description: 'An invoice is past its due date' },
    ],
  },
  {
    id: 'usage',
    title: 'Usage',
    description: "Your accounts' monthly budgets and traffic",
    flags: [
      { key: 'usageThreshold75', label: 'Usage reaches 75% of budget', description: 'Three quarters of a monthly budget used' },
      { key: 'usageThreshold90', label: 'Usage reaches 90% of budget', description: 'Nearly all of a monthly budget used' },
      { key: 'usageThreshold100', label: 'Usage reaches 100% of budget', description: 'A monthly budget used up' },
      { key: 'usageAbnormalActivity', label: 'Abnormal activity', description: 'Unusual traffic on an account' },
    ],
  },
  {
    id: 'service',
    title: 'Service',
    description: 'The platform and its services',
    flags: [
      { key: 'serviceOutage', label: 'Service outages', description: 'A service is down' },
      { key: 'servicePerformanceDegradation', label: 'Performance degradation', description: 'A service is slow or partly failing' },
      { key: 'serviceMaintenance', label: 'Scheduled maintenance', description: 'Planned work and its window' },
      { key: 'serviceNewFeature', label: 'New features and updates', description: 'What is new in the portal' },
    ],
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Your sign-ins and credentials',
    flags: [
      { key: 'securityLoginAttempt', label: 'Sign-in attempts', description: 'A sign-in from a new device' },
      { key: 'securityApiKeyGenerated', label: 'API key generated', description: 'A new API key was created' },
      { key: 'securityApiKeyRevoked', label: 'API key revoked', description: 'An API key was revoked' },
      { key: 'securityPasswordChanged', label: 'Password changed', description: 'Your password was changed' },
    ],
  },
  {
    id: 'communication',
    title: 'Communication',
    description: 'How notifications reach you',
    flags: [
      { key: 'commsEmail', label: 'Email notifications', description: 'Send notifications by email too' },
      { key: 'commsSms', label: 'SMS notifications', description: 'Text messages for urgent alerts' },
      { key: 'commsInApp', label: 'In-app notifications', description: 'Show notifications in the portal' },
      { key: 'commsWeeklyDigest', label: 'Weekly digest', description: "An email with the week's notifications" },
    ],
  },
];

export type PreferenceColumn = { channel: string; preferences: { key: PreferenceKey; label: string; description?: string }[] };

/** The Notification Center's 9 preference checkboxes, by channel. */
export const PREFERENCE_COLUMNS: PreferenceColumn[] = [
  {
    channel: 'Email',
    preferences: [
      { key: 'emailBilling', label: 'Email: Billing' },
      { key: 'emailSystem', label: 'Email: System' },
      { key: 'emailSecurity', label: 'Email: Security' },
      { key: 'emailMarketing', label: 'Email: Marketing' },
    ],
  },
  {
    channel: 'SMS',
    preferences: [
      { key: 'smsSecurity', label: 'SMS: Security' },
      { key: 'smsBilling', label: 'SMS: Billing' },
      { key: 'smsDowntime', label: 'SMS: Downtime' },
    ],
  },
  {
    channel: 'In-app',
    preferences: [
      { key: 'inAppAll', label: 'In-app: All notifications', description: 'Security notifications always show' },
      { key: 'inAppBadge', label: 'In-app: Show badge', description: 'The unread count on the bell' },
    ],
  },
];

/** A notification type as the center shows it: 'ticket' → 'Ticket', 'Billing' stays. */
export function typeLabel(type: string): string {
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : 'System';
}
