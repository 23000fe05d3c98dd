import { Stack, Tabs } from '@mantine/core';
import { PageTitle } from '../../../ui/titles.tsx';
import { useTabParam } from '../../../ui/use-tab-param.ts';
import { KnowledgeBasePanel } from '../components/knowledge-base-panel.tsx';
import { ServiceStatusPanel } from '../components/service-status-panel.tsx';
import { TicketsTable } from '../components/tickets-table.tsx';

const TABS = ['tickets', 'knowledge', 'status'] as const;

/** /admin/support: Tickets, Knowledge Base, Service Status (admin spec 2.11). */
export function SupportToolsPage() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Stack gap="md">
      <PageTitle>Support Tools</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tickets">Tickets</Tabs.Tab>
          <Tabs.Tab value="knowledge">Knowledge Base</Tabs.Tab>
          <Tabs.Tab value="status">Service Status</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tickets">
          <TicketsTable portal="admin" />
        </Tabs.Panel>
        <Tabs.Panel value="knowledge">
          <KnowledgeBasePanel />
        </Tabs.Panel>
        <Tabs.Panel value="status">
          <ServiceStatusPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
