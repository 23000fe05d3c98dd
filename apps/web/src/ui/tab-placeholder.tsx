import { Text } from '@mantine/core';
import { useHandleMatches } from '../lib/route-handle.ts';

/** Stands in for a detail tab that a later change delivers: the tab's crumb and a short note. */
export function TabPlaceholder() {
  const matches = useHandleMatches();
  const crumb = matches[matches.length - 1]?.handle?.crumb;
  return (
    <Text c="dimmed" py="md">
      {typeof crumb === 'string' ? `${crumb}: ` : ''}This tab is being built.
    </Text>
  );
}
