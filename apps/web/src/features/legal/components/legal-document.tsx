import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../ui/public-layout.tsx';

export type LegalSection = { heading: string; body: ReactNode };

/** A public text page (terms, privacy) in the sign-in pages' frame. */
export function LegalDocument({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <PublicLayout width={720}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            Last updated {updated}
          </Text>
        </Stack>
        {sections.map((section) => (
          <Stack key={section.heading} gap={6}>
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            <Text size="sm">{section.body}</Text>
          </Stack>
        ))}
        <Anchor component={Link} to="/" size="sm">
          Back to the portal
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
