import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBuilding, IconCash, IconHeartbeat, IconServer, IconTicket, IconTrendingUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatUsd } from '../../../lib/format.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { SummaryCard } from '../../../ui/summary-card.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { adminDashboardQuery } from '../api/dashboard.ts';
import { CustomerSearch } from '../components/customer-search.tsx';
import { ListCard, ListRows, NotificationsCard, ServiceStatusCard, TicketsCard } from '../components/dashboard-parts.tsx';

/** Spec 2.4: search, status tiles, recent lists, metric tiles and quick actions, all from real rows. */
export function AdminDashboardPage() {
  const { data } = useQuery(adminDashboardQuery);
  const navigate = useNavigate();
  const degraded = data?.serviceStatus.filter((s) => s.status === 'Degraded Performance').length ?? 0;
  const dash = '—';

  return (
    <Stack gap="lg">
      <PageTitle>Dashboard</PageTitle>
      <Paper withBorder p="md" radius="md">
        <CustomerSearch />
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SummaryCard
          label="Service Status"
          value={data ? (degraded ? 'Degraded' : 'Operational') : dash}
          icon={<IconServer size={20} />}
          color={degraded ? 'orange' : 'green'}
        />
        <SummaryCard label="Uptime" value={data ? `${data.uptime.toFixed(2)}%` : dash} icon={<IconHeartbeat size={20} />} color="teal" />
        <SummaryCard
          label="Active Alerts"
          value={data?.activeAlerts ?? dash}
          icon={<IconAlertTriangle size={20} />}
          color={data?.activeAlerts ? 'red' : 'gray'}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SummaryCard label="Total Customers" value={data?.metrics.totalCustomers ?? dash} icon={<IconBuilding size={20} />} />
        <SummaryCard
          label="Monthly Revenue"
          value={data ? formatUsd(data.metrics.monthlyRevenue) : dash}
          icon={<IconCash size={20} />}
          color="green"
        />
        <SummaryCard
          label="Active Services"
          value={data?.metrics.activeServices ?? dash}
          icon={<IconTrendingUp size={20} />}
          color="violet"
        />
        <SummaryCard label="Support Tickets" value={data?.metrics.supportTickets ?? dash} icon={<IconTicket size={20} />} color="orange" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <ListCard title="Recently Accessed Customers">
          <ListRows
            items={data?.recentCustomers}
            emptyText="No customers opened yet"
            row={(c) => ({
              onClick: () => void navigate(`/admin/customers/${c.id}`),
              primary: c.name,
              secondary: (
                <>
                  {c.customerId} · <DateText value={c.accessedAt} format="relative" />
                </>
              ),
              aside: <StatusBadge status={c.status} />,
            })}
          />
        </ListCard>
        <TicketsCard portal="admin" title="Recent Open Tickets" tickets={data?.recentTickets} emptyText="No open tickets" />
        <NotificationsCard portal="admin" />
        <ServiceStatusCard entries={data?.serviceStatus} />
        <ListCard title="Quick Actions">
          <Group gap="sm">
            <Button variant="light" onClick={() => void navigate('/admin/customers')}>
              Manage Customers
            </Button>
            <Button variant="light" onClick={() => void navigate('/admin/reports')}>
              View Reports
            </Button>
            <Button variant="light" onClick={() => void navigate('/admin/settings')}>
              System Settings
            </Button>
          </Group>
        </ListCard>
      </SimpleGrid>
    </Stack>
  );
}
