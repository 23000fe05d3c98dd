import './public-styles.ts';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../lib/navigation.tsx';
import { useBrand } from '../lib/session.ts';
import { BrandMark } from './brand-mark.tsx';
import classes from './public-layout.module.css';

export const TAGLINE = 'Messaging, voice, phone numbers and API access, managed in one place.';

/** The frame of the pages outside the portals: brand, tagline, a centered card, legal links. */
export function PublicLayout({ children, width = 420, footerLinks }: { children: ReactNode; width?: number; footerLinks?: ReactNode }) {
  const brand = useBrand();
  return (
    <main className={classes.root}>
      <Stack align="center" gap={6} ta="center">
        <Group gap="sm" wrap="nowrap">
          <BrandMark size={40} />
          <Text component="p" fz={26} fw={700} lh={1.1} c="dark.8">
            {brand}
          </Text>
        </Group>
        <Text c="dimmed" size="sm" maw={360}>
          {TAGLINE}
        </Text>
      </Stack>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} w="100%" maw={width}>
        {children}
      </Paper>
      <Group gap="lg" justify="center">
        <Anchor component={AppLink} to="/terms" size="sm" c="dimmed">
          Terms of Service
        </Anchor>
        <Anchor component={AppLink} to="/privacy" size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        {footerLinks}
      </Group>
    </main>
  );
}
