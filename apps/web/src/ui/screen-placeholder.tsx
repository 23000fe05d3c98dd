import { Stack, Text } from '@mantine/core';
import { useRouteTitle } from '../lib/route-handle.ts';
import { PageTitle } from './titles.tsx';

/** Stands in for a screen that a later change delivers: its title and a short note. */
export function ScreenPlaceholder({ title }: { title?: string }) {
  const routeTitle = useRouteTitle();
  return (
    <Stack gap={4}>
      <PageTitle>{title ?? routeTitle}</PageTitle>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
