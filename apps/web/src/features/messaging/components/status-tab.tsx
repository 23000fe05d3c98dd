import { Accordion, Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TComplianceStatus } from '@portal/contract/messaging-consent';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { complianceQuery } from '../api/messaging.ts';
import type { MessagingScope } from '../messaging-scope.ts';

function ComplianceCard({ title, state, children }: { title: string; state?: 'good' | 'warning'; children: ReactNode }) {
  const good = state === 'good';
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={good ? 'green' : 'yellow'} radius="xl">
            {good ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
          </ThemeIcon>
          <SectionTitle>{title}</SectionTitle>
        </Group>
        {state && (
          <Badge color={good ? 'green' : 'yellow'} variant="light">
            {good ? 'Good' : 'Warning'}
          </Badge>
        )}
      </Group>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function TenDlc({ s }: { s: TComplianceStatus['tenDlc'] }) {
  return (
    <ComplianceCard title="10DLC" state={s.state}>
      <Text size="sm">
        {s.approvedCampaigns} approved campaign{s.approvedCampaigns === 1 ? '' : 's'}; {s.smsNumbers - s.unlinkedTotal} of {s.smsNumbers}{' '}
        local SMS numbers send under one.
      </Text>
      {s.unlinkedTotal > 0 && (
        <>
          <Text size="sm" c="dimmed">
            Carriers filter messages from these numbers until they are linked to an approved campaign:
          </Text>
          <List size="sm" spacing={2}>
            {s.unlinked.slice(0, 8).map((n) => (
              <List.Item key={n.id}>
                <PhoneText value={n.number} />{' '}
                <Text span size="xs" c="dimmed">
                  ({n.accountName})
                </Text>
              </List.Item>
            ))}
          </List>
          {s.unlinkedTotal > 8 && (
            <Text size="xs" c="dimmed">
              and {s.unlinkedTotal - 8} more
            </Text>
          )}
        </>
      )}
    </ComplianceCard>
  );
}

const GUIDES: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'tcpa',
    title: 'TCPA (Telephone Consumer Protection Act)',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>
          Get prior express written consent before sending marketing messages, and keep a record of when and how it was given.
        </List.Item>
        <List.Item>Say who is sending in every message and how to stop: "Reply STOP to opt out".</List.Item>
        <List.Item>Honour STOP, UNSUBSCRIBE, CANCEL, END and QUIT at once; the portal's opt-out ledger blocks further sends.</List.Item>
        <List.Item>Send only between 8 a.m. and 9 p.m. in the recipient's time zone.</List.Item>
      </List>
    ),
  },
  {
    id: 'gdpr',
    title: 'GDPR (recipients in the EU)',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>Have a lawful basis (usually consent) for every number you message, and be able to show it.</List.Item>
        <List.Item>
          Keep message records no longer than needed: the portal purges them after the retention period in System Settings.
        </List.Item>
        <List.Item>Answer access and erasure requests within a month; export message logs from the Logs tab.</List.Item>
      </List>
    ),
  },
  {
    id: '10dlc',
    title: '10DLC registration',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>Register your brand (legal name, EIN, address, website) and wait for approval.</List.Item>
        <List.Item>Register a campaign per use case with sample messages that name the brand and include opt-out language.</List.Item>
        <List.Item>Describe the opt-in (message flow) precisely: where people give their number and what they agree to.</List.Item>
        <List.Item>Link each local number to its approved campaign; unregistered traffic is filtered or blocked by carriers.</List.Item>
      </List>
    ),
  },
  {
    id: 'best',
    title: 'SMS best practices',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>Keep messages within one segment: 160 GSM-7 characters, or 70 when an emoji or accent forces UCS-2.</List.Item>
        <List.Item>Use your own full domain for links; public link shorteners are often filtered.</List.Item>
        <List.Item>Send from the number people know, and answer HELP with your support contact.</List.Item>
        <List.Item>Watch the delivery reports: a rising failure rate is the first sign of filtering.</List.Item>
      </List>
    ),
  },
];

/** The Status tab: compliance cards computed from real state, and the guides. */
export function StatusTab({ scope }: { scope: MessagingScope }) {
  const { data } = useQuery(complianceQuery({ customerId: scope.customerId, accountId: scope.accountId }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ComplianceCard title="TCPA" state={data?.tcpa.state}>
          <Text size="sm">
            {data
              ? `${data.tcpa.optOuts.toLocaleString('en-US')} opted-out ${data.tcpa.optOuts === 1 ? 'number is' : 'numbers are'} blocked from your sends.`
              : 'Loading...'}
          </Text>
          {data && (
            <Text size="sm" c={data.tcpa.sentToOptedOut ? 'red' : 'dimmed'}>
              {data.tcpa.sentToOptedOut
                ? `${data.tcpa.sentToOptedOut} messages went to opted-out numbers in the last 30 days.`
                : 'No message went to an opted-out number in the last 30 days.'}
            </Text>
          )}
        </ComplianceCard>
        <ComplianceCard title="GDPR" state={data?.gdpr.state}>
          <Text size="sm">{data ? `Message records are kept ${data.gdpr.retentionDays} days, then purged.` : 'Loading...'}</Text>
        </ComplianceCard>
        {data ? (
          <TenDlc s={data.tenDlc} />
        ) : (
          <ComplianceCard title="10DLC">
            <Text size="sm">Loading...</Text>
          </ComplianceCard>
        )}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Guides
        </Title>
        <Accordion variant="separated">
          {GUIDES.map((g) => (
            <Accordion.Item key={g.id} value={g.id}>
              <Accordion.Control>{g.title}</Accordion.Control>
              <Accordion.Panel>{g.body}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text size="xs" c="dimmed" mt="sm">
          Guidance, not legal advice. See the{' '}
          <Anchor
            href="https://www.fcc.gov/general/telemarketing-and-robocalls"
            target="_blank"
            rel="noreferrer"
            size="xs"
            underline="always"
          >
            FCC's rules
          </Anchor>{' '}
          for the full text.
        </Text>
      </Paper>
    </Stack>
  );
}
