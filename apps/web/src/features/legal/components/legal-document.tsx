import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle, SectionTitle } from '../../../ui/titles.tsx';

export type LegalSection = { heading: string; body: ReactNode };

/** A public text page (terms, privacy) in the sign-in pages' frame. */
export function LegalDocument({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <PublicLayout width={720}>
      <Stack gap="lg">
        <PageTitle description={`Last updated ${updated}`}>{title}</PageTitle>
        {sections.map((section) => (
          <Stack key={section.heading} gap={6}>
            <SectionTitle>{section.heading}</SectionTitle>
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
