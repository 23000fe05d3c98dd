import { Anchor, Code, CopyButton, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { apiKeyListQuery, openApiQuery } from '../api/api-access.ts';
import type { ApiScope } from '../api-scope.ts';

const SwaggerView = lazy(() => import('./swagger-view.tsx'));

function Example({ title, command }: { title: string; command: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <UnstyledButton onClick={copy} aria-label={`Copy the ${title} example`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </UnstyledButton>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {command}
      </Code>
    </Stack>
  );
}

/**
 * Documentation: copyable curl examples with the caller's own key prefix, and the /v1 reference
 * rendered from its OpenAPI document (Swagger UI, loaded on demand).
 */
export function DocumentationTab({ scope }: { scope: ApiScope }) {
  const spec = useQuery(openApiQuery());
  const keys = useQuery(
    apiKeyListQuery({ customerId: scope.customerId, accountId: scope.accountId, status: 'Active', pageSize: 10, page: 1 }),
  );
  const prefix = keys.data?.items[0]?.keyPrefix ?? 'pk_live_';
  const key = `${prefix}…`;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb={4}>
          Getting Started
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Send your key as a bearer token. Replace <Code>{key}</Code> with the whole key you copied when you generated it. Every answer
          carries an <Code>x-request-id</Code>; quote it to support.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Example title="List your numbers" command={`curl ${origin}/v1/numbers \\\n  -H "Authorization: Bearer ${key}"`} />
          <Example
            title="Send a message"
            command={`curl -X POST ${origin}/v1/messages \\\n  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: order-1234" \\\n  -d '{"from": "+18005550100", "to": "+12125550123", "body": "Your order shipped. Reply STOP to opt out."}'`}
          />
          <Example
            title="Read a message and its delivery events"
            command={`curl ${origin}/v1/messages/SM… \\\n  -H "Authorization: Bearer ${key}"`}
          />
          <Example
            title="Call detail records of a day"
            command={`curl "${origin}/v1/cdrs?startDate=2026-11-01&endDate=2026-11-01" \\\n  -H "Authorization: Bearer ${key}"`}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          Development keys deliver through the sandbox: +1 500 555 0001 to 0009 fail, every other number is delivered. The machine-readable
          reference:{' '}
          <Anchor href="/v1/openapi.json" size="xs" underline="always">
            /v1/openapi.json
          </Anchor>
          .
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md">
        {spec.data ? (
          <Suspense fallback={<Loader size="sm" />}>
            <SwaggerView spec={spec.data} />
          </Suspense>
        ) : (
          <Loader size="sm" />
        )}
      </Paper>
    </Stack>
  );
}
