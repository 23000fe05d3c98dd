import {
  IconApi,
  IconBell,
  IconBuilding,
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconHash,
  IconHeadset,
  IconLayoutDashboard,
  IconMessage2,
  IconPhoneCall,
  IconShieldCheck,
  IconSitemap,
  IconUsers,
} from '@tabler/icons-react';
import type { Portal } from '../lib/route-handle.ts';

export type NavItem = {
  label: string;
  to: string;
  icon: typeof IconBell;
  /** Shows the billing badge (due and overdue invoices of the signed-in scope). */
  billingBadge?: boolean;
};

export const NAV_ITEMS: Record<Portal, NavItem[]> = {
  admin: [
    { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard },
    { label: 'Customers', to: '/admin/customers', icon: IconBuildingStore },
    { label: 'Users', to: '/admin/users', icon: IconUsers },
    { label: 'Billing', to: '/admin/billing', icon: IconCreditCard, billingBadge: true },
    { label: 'Phone Numbers', to: '/admin/numbers', icon: IconHash },
    { label: 'Messaging Tools', to: '/admin/messaging', icon: IconMessage2 },
    { label: 'Voice Services', to: '/admin/voice', icon: IconPhoneCall },
    { label: 'API Access', to: '/admin/api', icon: IconApi },
    { label: 'Regulatory Compliance', to: '/admin/compliance', icon: IconShieldCheck },
    { label: 'Support Tools', to: '/admin/support', icon: IconHeadset },
    { label: 'Reports', to: '/admin/reports', icon: IconChartBar },
    { label: 'Notifications', to: '/admin/notifications', icon: IconBell },
  ],
  customer: [
    { label: 'Dashboard', to: '/customer', icon: IconLayoutDashboard },
    { label: 'Company Profile', to: '/customer/profile', icon: IconBuilding },
    { label: 'Sub-accounts', to: '/customer/accounts', icon: IconSitemap },
    { label: 'Users', to: '/customer/users', icon: IconUsers },
    { label: 'Billing', to: '/customer/billing', icon: IconCreditCard, billingBadge: true },
    { label: 'Numbers', to: '/customer/numbers', icon: IconHash },
    { label: 'Messaging', to: '/customer/messaging', icon: IconMessage2 },
    { label: 'Voice', to: '/customer/voice', icon: IconPhoneCall },
    { label: 'API Access', to: '/customer/api', icon: IconApi },
    { label: 'Support', to: '/customer/support', icon: IconHeadset },
    { label: 'Reports', to: '/customer/reports', icon: IconChartBar },
    { label: 'Notifications', to: '/customer/notifications', icon: IconBell },
  ],
};

/** The portal home is active only on itself; other entries also on their sub-paths. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const home = item.to === '/admin' || item.to === '/customer';
  return home ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}
