import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TDashboardTicket, TServiceStatusEntry } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Portal } from '../../../lib/portal.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { recentNotificationsQuery } from '../api/dashboard.ts';

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

type Row = { onClick?: () => void; primary: ReactNode; secondary?: ReactNode; aside?: ReactNode };

/** A ListCard's rows, one per record (`row` says what it shows), or its empty text. */
export function ListRows<T extends { id: string }>({
  items,
  emptyText,
  row,
}: {
  items: T[] | undefined;
  emptyText: string;
  row: (item: T) => Row;
}) {
  if (items?.length === 0) return <EmptyState text={emptyText} />;
  return (
    <>
      {items?.map((item) => (
        <ListRow key={item.id} {...row(item)} />
      ))}
    </>
  );
}

/** The recent tickets card: each opens the ticket in the portal's support pages. */
export function TicketsCard({
  portal,
  title,
  tickets,
  emptyText,
}: {
  portal: Portal;
  title: string;
  tickets: TDashboardTicket[] | undefined;
  emptyText: string;
}) {
  const navigate = useNavigate();
  return (
    <ListCard title={title}>
      <ListRows
        items={tickets}
        emptyText={emptyText}
        row={(t) => ({
          onClick: () => void navigate(`/${portal}/support/tickets/${t.id}`),
          primary: t.subject,
          secondary: (
            <>
              {t.ticketId} · {t.customerName} · <DateText value={t.updatedAt} format="relative" />
            </>
          ),
          aside: <StatusBadge status={t.status} />,
        })}
      />
    </ListCard>
  );
}

/** The signed-in user's recent notifications: each opens its link, else the notification center. */
export function NotificationsCard({ portal }: { portal: Portal }) {
  const navigate = useNavigate();
  const { data } = useQuery(recentNotificationsQuery);
  return (
    <ListCard title="Recent Notifications">
      <ListRows
        items={data?.items}
        emptyText="No notifications"
        row={(n) => ({
          onClick: () => void navigate(n.link ?? `/${portal}/notifications`),
          primary: n.title,
          secondary: (
            <>
              {n.message} · <DateText value={n.createdAt} format="relative" />
            </>
          ),
          aside: n.read ? undefined : <StatusBadge status="New" size="xs" />,
        })}
      />
    </ListCard>
  );
}

/** Each service's current state; services without an open entry are Operational. */
export function ServiceStatusCard({ entries }: { entries: TServiceStatusEntry[] | undefined }) {
  return (
    <ListCard title="Service Status">
      <ListRows
        items={entries}
        emptyText="All systems operational"
        row={(s) => ({ primary: s.serviceName, secondary: s.title, aside: <StatusBadge status={s.status} /> })}
      />
    </ListCard>
  );
}
