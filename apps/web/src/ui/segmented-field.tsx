import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A SegmentedControl as a form field: its label above (which names it), and a hint under it when given. */
export function SegmentedField({ label, hint, ...control }: SegmentedControlProps & { label: string; hint?: ReactNode }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
