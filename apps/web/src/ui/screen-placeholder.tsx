import { Stack, Text, Title } from '@mantine/core';
import { useRouteTitle } from '../lib/route-handle.ts';

/** Stands in for a screen that a later change delivers: its title and a short note. */
export function ScreenPlaceholder({ title }: { title?: string }) {
  const routeTitle = useRouteTitle();
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title ?? routeTitle}
      </Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
