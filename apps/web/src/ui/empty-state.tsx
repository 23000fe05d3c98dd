import { Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a list or panel shows when it has nothing: the spec's empty-state text, optionally an action. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="empty-state">
      <IconInbox size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text c="dimmed" size="sm">
        {text}
      </Text>
      {action}
    </Stack>
  );
}
