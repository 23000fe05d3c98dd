import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { PageTabs } from '../../../ui/page-frame.tsx';
import { PageTitle, SectionTitle } from '../../../ui/titles.tsx';
import { useTabParam } from '../../../ui/use-tab-param.ts';
import { supportContactQuery } from '../api/support.ts';
import { KnowledgeBasePanel } from '../components/knowledge-base-panel.tsx';
import { NewTicketModal } from '../components/new-ticket-modal.tsx';
import { ServiceStatusPanel } from '../components/service-status-panel.tsx';
import { SupportHours } from '../components/support-hours.tsx';
import { TicketsTable } from '../components/tickets-table.tsx';

const TABS = ['tickets', 'knowledge', 'contact'] as const;

/** /customer/support: Support Tickets, Knowledge Base, Contact Support (customer spec); ?new=1 opens Submit Ticket. */
export function SupportCenterPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canCreate = useCan('tickets.create');
  const [tab, setTab] = useTabParam(TABS);
  const creating = params.get('new') === '1';
  const contact = useQuery({ ...supportContactQuery, enabled: tab === 'contact' });
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value === null) p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const submit = canCreate && <AddButton onClick={() => setParam('new', '1')}>Submit Ticket</AddButton>;
  const contactPanel = (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="lg" radius="md">
          <SupportHours contact={contact.data} />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <SectionTitle>Contact Support</SectionTitle>
            <Text size="sm">
              Open a ticket to reach our support team: you can follow the replies here, and every reply is also sent by email.
            </Text>
            {submit}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md" mt="md">
        <ServiceStatusPanel withHeading />
      </Paper>
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Support Center</PageTitle>
        {submit}
      </Group>
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          ['tickets', 'Support Tickets'],
          ['knowledge', 'Knowledge Base'],
          ['contact', 'Contact Support'],
        ]}
        panels={{ tickets: <TicketsTable portal="customer" />, knowledge: <KnowledgeBasePanel />, contact: contactPanel }}
      />
      <NewTicketModal
        opened={creating}
        onClose={() => setParam('new', null)}
        onCreated={(t) => void navigate(`/customer/support/tickets/${t.id}`)}
      />
    </Stack>
  );
}
