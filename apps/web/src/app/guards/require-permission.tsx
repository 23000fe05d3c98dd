import { Button, Center, Stack, Text } from '@mantine/core';
import type { TPermission } from '@portal/contract/roles';
import { Link, Outlet, useLocation } from 'react-router';
import { portalHome, portalOfPath } from '../../lib/route-handle.ts';
import { useCan } from '../../lib/session.ts';
import { PageTitle } from '../../ui/titles.tsx';

/** What a signed-in user sees at a screen their role may not use (a typed or bookmarked URL). */
export function AccessDenied() {
  const { pathname } = useLocation();
  return (
    <Center mih="50dvh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <PageTitle>Access denied</PageTitle>
        <Text c="dimmed">Your role does not allow this page. Ask an administrator if you need it.</Text>
        <Button component={Link} to={portalHome(portalOfPath(pathname))} variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Lets through only a user whose role holds the permission (the one table in the contract, read
 * from the session): the create and edit screens are never shown as a form the server would refuse.
 * Rendered inside the portal gate, so the session is already there.
 */
export function RequirePermission({ permission }: { permission: TPermission }) {
  return useCan(permission) ? <Outlet /> : <AccessDenied />;
}
