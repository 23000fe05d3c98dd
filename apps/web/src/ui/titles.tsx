import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TitleProps = {
  children: ReactNode;
  description?: ReactNode | undefined;
  /** Beside the title: a record's status badge. */
  badge?: ReactNode;
};

/** A heading, with the dimmed line under it when there is one. */
function Heading({ order, size, gap, children, description, badge }: TitleProps & { order: 1 | 2; size: 'h2' | 'h4'; gap: number }) {
  const heading = (
    <Title order={order} size={size}>
      {children}
    </Title>
  );
  const title = badge ? (
    <Group gap="sm">
      {heading}
      {badge}
    </Group>
  ) : (
    heading
  );
  if (!description) return title;
  return (
    <Stack gap={gap}>
      {title}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}

/** A screen's heading: an h1, set as h2. */
export const PageTitle = (props: TitleProps) => <Heading order={1} size="h2" gap={4} {...props} />;

/** A section's heading: an h2, set as h4. */
export const SectionTitle = (props: TitleProps) => <Heading order={2} size="h4" gap={2} {...props} />;
