import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TActivityEntry } from '@portal/contract/customers';
import { DateText } from './date-text.tsx';
import { EmptyState } from './empty-state.tsx';

/** An activity log from the audit trail (a customer's, a user's): what happened, who, when; newest first. */
export function ActivityLog({ entries, limit = 30 }: { entries: TActivityEntry[] | undefined; limit?: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Activity Log
        </Title>
        {entries?.length === 0 && <EmptyState text="No activity yet" />}
        <Timeline bulletSize={10} lineWidth={2}>
          {entries?.slice(0, limit).map((a) => (
            <Timeline.Item key={a.id} title={<Text size="sm">{a.summary}</Text>}>
              <Text size="xs" c="dimmed">
                {a.actor ?? 'System'} · <DateText value={a.createdAt} format="datetime" />
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
