import { Badge, Group } from '@mantine/core';
import { TICKET_STATUSES } from '@portal/contract/support';
import { IconCircleCheck, IconCircleDot, IconClockPause, IconHelpCircle, IconLock, IconProgress } from '@tabler/icons-react';
import { statusColour, statusLabel } from '../../../ui/status-badge.tsx';

const ICONS = {
  open: IconCircleDot,
  'in-progress': IconProgress,
  pending: IconClockPause,
  resolved: IconCircleCheck,
  closed: IconLock,
} as const;

/** A ticket's status with its own icon (spec 4); a status the portal does not know shows the help icon. */
export function TicketStatusBadge({ status }: { status: string }) {
  const known = (TICKET_STATUSES as readonly string[]).includes(status);
  const Icon = known ? ICONS[status as keyof typeof ICONS] : IconHelpCircle;
  return (
    <Badge variant="light" color={statusColour(status)} leftSection={<Icon size={12} aria-hidden />} style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}

const PRIORITY_COLOURS: Record<string, string> = { Low: 'gray', Medium: 'blue', High: 'orange', Critical: 'red' };

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Group gap={0} wrap="nowrap">
      <Badge variant="outline" color={PRIORITY_COLOURS[priority] ?? 'gray'}>
        {priority}
      </Badge>
    </Group>
  );
}
