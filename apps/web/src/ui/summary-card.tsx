import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The one summary card (dashboards, numbers and every screen that leads with figures): a label, a
 * figure in tabular digits and an optional icon, compact enough that the list below keeps its rows.
 */
export function SummaryCard({
  label,
  value,
  icon,
  color = 'blue',
  loading = false,
  detail,
}: {
  label: string;
  value: ReactNode;
  /** A short line under the figure (an amount behind a count, a date). */
  detail?: ReactNode;
  icon?: ReactNode;
  color?: string;
  loading?: boolean;
}) {
  return (
    <Paper withBorder px="md" py="sm" radius="md">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          {/* a long label takes a second line rather than being cut ("Active Sub-accou…") */}
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3} lineClamp={2}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={26} w={90} />
          ) : (
            <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {value}
            </Text>
          )}
          {detail && !loading && (
            <Text size="xs" c="dimmed" truncate>
              {detail}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon variant="light" color={color} size={36} radius="md">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}

/** A row of summary cards: four across on a wide screen, two on a tablet, one on a phone. */
export function SummaryCards({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid={testId}>
      {children}
    </SimpleGrid>
  );
}
