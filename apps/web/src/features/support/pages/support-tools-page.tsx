import { Stack } from '@mantine/core';
import { PageTabs } from '../../../ui/page-frame.tsx';
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
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          ['tickets', 'Tickets'],
          ['knowledge', 'Knowledge Base'],
          ['status', 'Service Status'],
        ]}
        panels={{ tickets: <TicketsTable portal="admin" />, knowledge: <KnowledgeBasePanel />, status: <ServiceStatusPanel /> }}
      />
    </Stack>
  );
}
