import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { isApiError } from '../lib/api.ts';
import { PageTitle } from './titles.tsx';

/** A detail page while its record loads. */
export function RecordLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

/**
 * A detail page whose record is not there: the not-found text when the server said so (or there
 * was nothing to ask for), the could-not-load text for any other failure; a way back if given.
 */
export function RecordNotFound({
  title,
  error,
  notFound,
  failed,
  back,
}: {
  title: string;
  error: unknown;
  notFound: string;
  failed?: string;
  back?: { label: string; onClick: () => void };
}) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed">{isApiError(error, 'NOT_FOUND') || !error || !failed ? notFound : failed}</Text>
      {back && (
        <Button variant="light" onClick={back.onClick}>
          {back.label}
        </Button>
      )}
    </Stack>
  );
}
