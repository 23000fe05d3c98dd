import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { usePortalScope } from '../../../lib/scope.ts';
import { ActivityLog } from '../../../ui/activity-log.tsx';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
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

  if (isPending) return <RecordLoading label="Loading user..." />;
  if (!user) {
    return (
      <RecordNotFound
        title="User Not Found"
        error={error}
        notFound="The user you are looking for does not exist or has been removed."
        failed="The user could not be loaded. Please try again."
        back={{ label: 'Back to Users', onClick: back }}
      />
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
