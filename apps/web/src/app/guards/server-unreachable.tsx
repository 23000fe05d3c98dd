import { Button, Center, Stack, Text, Title } from '@mantine/core';

export function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h3">
          The portal cannot be reached
        </Title>
        <Text c="dimmed">Check your connection and try again.</Text>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
