import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { ActivityLog } from '../../../ui/activity-log.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { userActivityQuery, userQuery } from '../api/users.ts';
import { UserForm } from '../components/user-form.tsx';
import { UsersTabs } from '../components/users-tabs.tsx';

/** /admin/users/{id} and /customer/users/{id}: the Add/Edit tab with the user's form; Cancel returns to the list. */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const { portal } = usePortalScope();
  const base = `/${portal}/users`;
  const navigate = useNavigate();
  const { data: user, isPending, error } = useQuery(userQuery(userId));
  const activity = useQuery({ ...userActivityQuery(userId), enabled: Boolean(user) });
  const back = () => void navigate(base);

  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading user" />
      </Center>
    );
  }
  if (!user) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h2">
          User Not Found
        </Title>
        <Text c="dimmed">
          {isApiError(error, 'NOT_FOUND') || !error
            ? 'The user you are looking for does not exist or has been removed.'
            : 'The user could not be loaded. Please try again.'}
        </Text>
        <Button variant="light" onClick={back}>
          Back to Users
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back
        </Button>
        <Title order={1} size="h2">
          {user.name}
        </Title>
        <StatusBadge status={user.status} />
      </Group>
      <UsersTabs
        active="form"
        onChange={(tab) => void navigate(tab === 'list' ? base : `${base}?mode=add`)}
        list={null}
        form={
          <Paper withBorder p="lg" radius="md">
            <UserForm key={user.id} kind={user.kind} user={user} onDone={() => undefined} onCancel={back} />
          </Paper>
        }
      />
      <ActivityLog entries={activity.data} />
    </Stack>
  );
}
