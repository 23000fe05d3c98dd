import { Anchor, Code, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionTitle } from '../../../ui/titles.tsx';

/** The Documentation tab: how messaging is set up here, and where the API reference lives. */
export function DocumentationTab({ portal }: { portal: 'admin' | 'customer' }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Getting started with 10DLC
        </Title>
        <List type="ordered" size="sm" spacing={6}>
          <List.Item>Register your brand on the Brand tab; the provider reviews it, usually within two business days.</List.Item>
          <List.Item>Create a campaign for each use case on the Campaign tab. The form checks the samples before you submit.</List.Item>
          <List.Item>When the campaign is approved, open it and link the local numbers that send under it.</List.Item>
          <List.Item>Write templates on the Template tab; the counter shows segments and cost as you type.</List.Item>
          <List.Item>Follow delivery on the Logs tab and export it as CSV.</List.Item>
        </List>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <SectionTitle>Messaging API</SectionTitle>
          <Text size="sm">
            Send and read messages with the REST API using an API key of your account. A message to a number on the opt-out ledger or your
            DNC list is refused; STOP and START replies update the ledger automatically.
          </Text>
          <Text size="sm">
            Operations: <Code>POST /v1/messages</Code>, <Code>GET /v1/messages</Code>, <Code>GET /v1/messages/{'{id}'}</Code>. Delivery
            reports arrive as the webhook events <Code>message.delivered</Code>, <Code>message.failed</Code> and{' '}
            <Code>message.received</Code>.
          </Text>
          <Anchor component={Link} to={`/${portal}/api`} size="sm">
            API keys, webhooks and the full reference
          </Anchor>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
