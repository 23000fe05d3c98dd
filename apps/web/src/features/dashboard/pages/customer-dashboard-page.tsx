import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconApi,
  IconCash,
  IconFileInvoice,
  IconHash,
  IconLifebuoy,
  IconPhonePlus,
  IconPlus,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatUsd } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { SummaryCard } from '../../../ui/summary-card.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { customerDashboardQuery } from '../api/dashboard.ts';
import { ListCard, ListRows, NotificationsCard, ServiceStatusCard, TicketsCard } from '../components/dashboard-parts.tsx';
import { ServiceShares } from '../components/service-shares.tsx';
import { UsageOverview } from '../components/usage-overview.tsx';

/** Customer document, Dashboard: welcome, service status, recent items, metrics, usage, service shares and quick links. */
export function CustomerDashboardPage() {
  const { data } = useQuery(customerDashboardQuery);
  const navigate = useNavigate();
  const canAddAccount = useCan('accounts.write');
  const canBuyNumbers = useCan('numbers.assign');
  const dash = '—';

  return (
    <Stack gap="lg">
      <PageTitle>Dashboard</PageTitle>
      <Paper p="lg" radius="md" bg="var(--mantine-color-blue-light)">
        <Title order={2} size="h3">
          Welcome back{data ? `, ${data.userName.split(' ')[0]}` : ''}
        </Title>
        <Text c="dimmed">{data ? `${data.companyName} — here is what is happening with your services.` : 'Loading your dashboard...'}</Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SummaryCard label="Active Sub-accounts" value={data?.metrics.activeSubAccounts ?? dash} icon={<IconUsersGroup size={20} />} />
        <SummaryCard label="Active Numbers" value={data?.metrics.activeNumbers ?? dash} icon={<IconHash size={20} />} color="violet" />
        <SummaryCard
          label="Spend This Month"
          value={data ? formatUsd(data.metrics.monthToDateSpend) : dash}
          icon={<IconCash size={20} />}
          color="green"
        />
        <SummaryCard label="Open Tickets" value={data?.metrics.openTickets ?? dash} icon={<IconTicket size={20} />} color="orange" />
      </SimpleGrid>
      {data && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <UsageOverview usage={data.usage} numbers={data.numbers} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <ServiceShares shares={data.serviceShares} month={data.month} />
          </Grid.Col>
        </Grid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <ServiceStatusCard entries={data?.serviceStatus} />
        <ListCard title="Recent Sub-accounts">
          <ListRows
            items={data?.recentAccounts}
            emptyText="No accounts found"
            row={(a) => ({
              onClick: () => void navigate(`/customer/accounts/${a.id}`),
              primary: a.name,
              secondary: (
                <>
                  {a.accountId}
                  {a.lastAccessed ? (
                    <>
                      {' · '}
                      <DateText value={a.lastAccessed} format="relative" />
                    </>
                  ) : null}
                </>
              ),
              aside: <StatusBadge status={a.status} />,
            })}
          />
        </ListCard>
        <TicketsCard portal="customer" title="Recent Tickets" tickets={data?.recentTickets} emptyText="No tickets" />
        <NotificationsCard portal="customer" />
        <ListCard title="Quick Links">
          <Group gap="sm">
            {canAddAccount && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => void navigate('/customer/accounts?add=1')}>
                Add Sub-Account
              </Button>
            )}
            {canBuyNumbers && (
              <Button variant="light" leftSection={<IconPhonePlus size={16} />} onClick={() => void navigate('/customer/numbers?buy=1')}>
                Buy Number
              </Button>
            )}
            <Button variant="light" leftSection={<IconFileInvoice size={16} />} onClick={() => void navigate('/customer/billing')}>
              View Invoices
            </Button>
            <Button variant="light" leftSection={<IconLifebuoy size={16} />} onClick={() => void navigate('/customer/support?new=1')}>
              Submit Ticket
            </Button>
            <Button variant="light" leftSection={<IconApi size={16} />} onClick={() => void navigate('/customer/api')}>
              API Docs
            </Button>
          </Group>
        </ListCard>
      </SimpleGrid>
    </Stack>
  );
}
