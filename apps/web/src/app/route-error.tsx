import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { portalHome, portalOfPath } from '../lib/route-handle.ts';
import { isChunkLoadError } from './lazy-screen.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen; a screen's code that failed to download gets a Reload button. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();

  if (isChunkLoadError(error)) {
    return (
      <Center mih="60dvh" p="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={1} size="h3">
            Loading chunk failed
          </Title>
          <Text c="dimmed">Part of the portal could not be downloaded. Check your connection and reload the page.</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    );
  }

  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={560}>
        <Title order={1} size="h3">
          Unexpected Application Error!
        </Title>
        <Code block>{describe(error)}</Code>
        <Group>
          <Button component={Link} to={portalHome(portalOfPath(pathname))} variant="default">
            Go to the home page
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      </Stack>
    </Center>
  );
}
