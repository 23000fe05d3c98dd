import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TDashboardTicket, TServiceStatusEntry } from '@portal/contract/dashboard';
import type { TNotification } from '@portal/contract/notifications';
import type { ReactNode } from 'react';
import { DateText } from '../../../ui/date-text.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';

/** A titled card holding a short list. */
export function ListCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

/** One clickable row of a ListCard. */
export function ListRow({
  onClick,
  primary,
  secondary,
  aside,
}: {
  onClick?: () => void;
  primary: ReactNode;
  secondary?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <UnstyledButton onClick={onClick} p={6} style={{ borderRadius: 6 }} className="dashboard-row" disabled={!onClick}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {primary}
          </Text>
          {secondary && (
            <Text size="xs" c="dimmed" truncate>
              {secondary}
            </Text>
          )}
        </Stack>
        {aside && <div style={{ flexShrink: 0 }}>{aside}</div>}
      </Group>
    </UnstyledButton>
  );
}

export function TicketRows({
  tickets,
  onOpen,
  emptyText,
}: {
  tickets: TDashboardTicket[] | undefined;
  onOpen: (t: TDashboardTicket) => void;
  emptyText: string;
}) {
  if (tickets?.length === 0) return <EmptyState text={emptyText} />;
  return (
    <>
      {tickets?.map((t) => (
        <ListRow
          key={t.id}
          onClick={() => onOpen(t)}
          primary={t.subject}
          secondary={
            <>
              {t.ticketId} · {t.customerName} · <DateText value={t.updatedAt} format="relative" />
            </>
          }
          aside={<StatusBadge status={t.status} />}
        />
      ))}
    </>
  );
}

export function NotificationRows({ items, onOpen }: { items: TNotification[] | undefined; onOpen: (n: TNotification) => void }) {
  if (items?.length === 0) return <EmptyState text="No notifications" />;
  return (
    <>
      {items?.map((n) => (
        <ListRow
          key={n.id}
          onClick={() => onOpen(n)}
          primary={n.title}
          secondary={
            <>
              {n.message} · <DateText value={n.createdAt} format="relative" />
            </>
          }
          aside={n.read ? undefined : <StatusBadge status="New" size="xs" />}
        />
      ))}
    </>
  );
}

/** Each service's current state; services without an open entry are Operational. */
export function ServiceStatusRows({ entries }: { entries: TServiceStatusEntry[] | undefined }) {
  if (entries?.length === 0) return <EmptyState text="All systems operational" />;
  return (
    <>
      {entries?.map((s) => (
        <ListRow key={s.id} primary={s.serviceName} secondary={s.title} aside={<StatusBadge status={s.status} />} />
      ))}
    </>
  );
}
