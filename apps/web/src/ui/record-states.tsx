import { Button, type ButtonProps, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
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

/** A detail page's record that is not there, in the words every detail page uses ('Ticket Not Found' …). */
export function MissingRecord({ noun, error, back }: { noun: string; error: unknown; back: { label: string; onClick: () => void } }) {
  return (
    <RecordNotFound
      title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} Not Found`}
      error={error}
      notFound={`The ${noun} you are looking for does not exist or has been removed.`}
      failed={`The ${noun} could not be loaded. Please try again.`}
      back={back}
    />
  );
}

/** A detail page's way back to its list, before its title. */
export function BackButton({ onClick, ...props }: { onClick: () => void } & Pick<ButtonProps, 'style'>) {
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClick} {...props}>
      Back
    </Button>
  );
}
