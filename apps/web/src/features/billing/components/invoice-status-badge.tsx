import { Badge, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { TInvoiceLifecycle } from '@portal/contract/billing';

/** Paid green, Due blue, Overdue red, Draft gray, Void dark. */
const COLOURS: Record<TInvoiceLifecycle, MantineColor> = { Paid: 'green', Due: 'blue', Overdue: 'red', Draft: 'gray', Void: 'dark' };

export function InvoiceStatusBadge({
  status,
  size = 'sm',
  ml,
}: {
  status: TInvoiceLifecycle;
  size?: 'sm' | 'md' | 'lg';
  ml?: MantineSpacing;
}) {
  return (
    <Badge
      component="span"
      color={COLOURS[status]}
      variant={status === 'Void' ? 'filled' : 'light'}
      size={size}
      radius="sm"
      tt="none"
      ml={ml}
      maw="none"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      style={{ verticalAlign: 'middle' }}
    >
      {status}
    </Badge>
  );
}
