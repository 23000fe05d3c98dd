import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionTitle } from '../../../ui/titles.tsx';

/**
 * A section of the ticket page that lists what is attached to the ticket (its files, its linked
 * records): the title, a row an item (or the empty text), each row with its remove button where the
 * caller may remove, and below them the form that adds one.
 */
export function TicketItemList<T extends { id: string }>({
  title,
  emptyText,
  testId,
  items,
  row,
  remove,
  children,
}: {
  title: string;
  emptyText: string;
  testId: string;
  items: T[];
  /** What a row shows before its remove button: each part keeps its width, the row wraps between them. */
  row: (item: T) => ReactNode;
  /** Each row's remove button, named e.g. 'Remove invoice.pdf' (none where the caller may not remove). */
  remove?: { label: (item: T) => string; onClick: (item: T) => void } | undefined;
  /** Below the list: the form that adds one (and the confirmation dialog). */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <SectionTitle>{title}</SectionTitle>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Stack gap={6} data-testid={testId}>
            {items.map((item) => (
              <Group key={item.id} gap="xs" wrap="wrap" style={{ rowGap: 2 }}>
                {row(item)}
                {remove && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={remove.label(item)}
                    onClick={() => remove.onClick(item)}
                    style={{ flexShrink: 0 }}
                  >
                    <IconTrash size={15} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
