import type { RouteTab } from '../../../ui/detail-tabs.tsx';

/** Spec 2.7: the admin account tabs and their path suffixes. */
export const ADMIN_ACCOUNT_TABS: RouteTab[] = [
  { path: '', label: 'General' },
  { path: 'phone-numbers', label: 'Phone Numbers' },
  { path: 'voice', label: 'Voice' },
  { path: 'messaging', label: 'Messaging' },
  { path: 'api-access', label: 'API Access' },
  { path: 'billing', label: 'Billing' },
];

/** Customer document section 2: the sub-account tabs and their path suffixes. */
export const CUSTOMER_ACCOUNT_TABS: RouteTab[] = [
  { path: '', label: 'General' },
  { path: 'numbers', label: 'Numbers' },
  { path: 'voice', label: 'Voice' },
  { path: 'messaging', label: 'Messaging' },
  { path: 'api', label: 'API' },
  { path: 'billing', label: 'Billing' },
];
