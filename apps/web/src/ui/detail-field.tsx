import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One fact of a record under its small uppercase label: a detail field ('—' when empty), or with
 * `figure` a bold figure (shown as it is, so a 0 stays a 0).
 */
export function DetailField({ label, children, figure = false }: { label: string; children: ReactNode; figure?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {figure ? (
        <Text fw={600}>{children}</Text>
      ) : (
        <Text size="sm" component="div">
          {children || '—'}
        </Text>
      )}
    </div>
  );
}
