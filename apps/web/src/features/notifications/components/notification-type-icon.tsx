import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBuilding,
  IconChartBar,
  IconReceipt,
  IconServer,
  IconSettings,
  IconShieldLock,
  IconTicket,
  IconUser,
} from '@tabler/icons-react';

const ICONS: Record<string, { icon: typeof IconBell; color: string }> = {
  system: { icon: IconSettings, color: 'gray' },
  ticket: { icon: IconTicket, color: 'blue' },
  customer: { icon: IconBuilding, color: 'teal' },
  account: { icon: IconUser, color: 'teal' },
  alert: { icon: IconAlertTriangle, color: 'orange' },
  billing: { icon: IconReceipt, color: 'grape' },
  security: { icon: IconShieldLock, color: 'red' },
  service: { icon: IconServer, color: 'cyan' },
  usage: { icon: IconChartBar, color: 'indigo' },
};

/** The icon of a notification's type (system, ticket, customer, account, alert, Billing, Security, Service, Usage). */
export function NotificationTypeIcon({ type, size = 'md' }: { type: string; size?: 'sm' | 'md' | 'lg' }) {
  const { icon: Icon, color } = ICONS[type.toLowerCase()] ?? { icon: IconBell, color: 'gray' };
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="xl" role="img" aria-label={`${type} notification`}>
      <Icon size="60%" stroke={1.8} />
    </ThemeIcon>
  );
}
