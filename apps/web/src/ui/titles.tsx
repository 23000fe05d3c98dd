import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading (h1, set as h2), with the dimmed line under it when there is one. */
export function PageTitle({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const title = (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
  if (!description) return title;
  return (
    <Stack gap={4}>
      {title}
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Stack>
  );
}

/** A section's heading (h2, set as h4), with the dimmed line under it when there is one. */
export function SectionTitle({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const title = (
    <Title order={2} size="h4">
      {children}
    </Title>
  );
  if (!description) return title;
  return (
    <Stack gap={2}>
      {title}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
