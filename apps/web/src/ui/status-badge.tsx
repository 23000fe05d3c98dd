import { Badge, type MantineColor } from '@mantine/core';

/**
 * The spec's status values (section 4, either document) and their colours. Matching ignores case
 * and separators, so 'in-progress', 'In Progress' and 'in_progress' are one status.
 */
const COLOURS: Record<string, MantineColor> = {
  active: 'green',
  enabled: 'green',
  operational: 'green',
  approved: 'green',
  paid: 'green',
  successful: 'green',
  completed: 'green',
  delivered: 'green',
  resolved: 'green',
  pending: 'yellow',
  pendingdocs: 'yellow',
  due: 'yellow',
  underreview: 'yellow',
  expiringsoon: 'yellow',
  scheduled: 'blue',
  inprogress: 'blue',
  open: 'blue',
  sent: 'blue',
  queued: 'gray',
  draft: 'gray',
  inactive: 'gray',
  disabled: 'gray',
  closed: 'gray',
  cancelled: 'gray',
  revoked: 'gray',
  deprecated: 'gray',
  suspended: 'orange',
  degradedperformance: 'orange',
  overdue: 'red',
  failed: 'red',
  rejected: 'red',
  expired: 'red',
  error: 'red',
};

const normalise = (status: string) => status.toLowerCase().replace(/[\s_-]+/g, '');

export function statusColour(status: string): MantineColor {
  return COLOURS[normalise(status)] ?? 'gray';
}

/** 'in-progress' → 'In Progress', 'active' → 'Active'; values already capitalised stay as they are. */
export function statusLabel(status: string): string {
  return status
    .split(/[\s_-]+/)
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** A status shown as a coloured badge with its human label. */
export function StatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    // Never truncated: a squeezed table column must not turn 'Suspended' into 'Suspe...'.
    <Badge
      color={statusColour(status)}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      maw="none"
    >
      {statusLabel(status)}
    </Badge>
  );
}
