import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../../lib/navigation.tsx';

/** A centred question and the link that answers it, under a sign-in or sign-up form ('New customer? Create an account'). */
export function PromptLink({ prompt, to, children }: { prompt: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center">
      {prompt}{' '}
      <Anchor component={AppLink} to={to} fw={500}>
        {children}
      </Anchor>
    </Text>
  );
}
