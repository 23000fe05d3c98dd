import '@mantine/dates/styles.css';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  type INCIDENT_KINDS,
  SERVICE_COMPONENTS,
  type TIncident,
  type TIncidentUpdateBody,
  type TStatusSubscription,
  ZCreateIncidentBody,
  ZIncidentUpdateBody,
} from '@portal/contract/support';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatStamp } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import {
  statusPageQuery,
  statusSubscriptionQuery,
  useCreateIncident,
  usePostIncidentUpdate,
  useSetStatusSubscription,
} from '../api/support.ts';

function ReportIncidentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(ZCreateIncidentBody, {
    component: '',
    status: 'Degraded Performance',
    title: '',
    description: '',
    startsAt: null as string | null,
  });
  const create = useCreateIncident();
  const close = () => {
    form.reset();
    onClose();
  };
  const maintenance = form.getValues().status === 'Scheduled';
  return (
    <Modal opened={opened} onClose={close} title="Report Incident" size="lg">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          create.mutate(
            {
              component: v.component as (typeof SERVICE_COMPONENTS)[number],
              status: v.status as (typeof INCIDENT_KINDS)[number],
              title: v.title,
              description: v.description,
              startsAt: maintenance ? v.startsAt : null,
            },
            {
              onSuccess: (i) => {
                toastSuccess(`${i.component}: ${i.title} is on the status page`);
                close();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select label="Component" withAsterisk data={[...SERVICE_COMPONENTS]} {...form.getInputProps('component')} />
            <Select
              label="Kind"
              allowDeselect={false}
              data={[
                { value: 'Degraded Performance', label: 'Incident (Degraded Performance)' },
                { value: 'Scheduled', label: 'Scheduled maintenance' },
              ]}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          {maintenance && (
            <DateTimePicker
              label="Starts at"
              withAsterisk
              valueFormat="MM/DD/YYYY hh:mm A"
              value={form.getValues().startsAt}
              onChange={(v) => form.setFieldValue('startsAt', v ? new Date(v).toISOString() : null)}
              error={form.errors.startsAt}
            />
          )}
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <Textarea label="Description" withAsterisk autosize minRows={3} {...form.getInputProps('description')} />
          <FormActions onCancel={close} pending={create.isPending} submitLabel="Publish" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

function PostUpdateModal({ incident, onClose }: { incident: TIncident; onClose: () => void }) {
  const form = useSchemaForm(ZIncidentUpdateBody, {
    status: incident.status === 'Scheduled' ? 'Scheduled' : 'Degraded Performance',
    message: '',
  });
  const post = usePostIncidentUpdate(incident.id);
  return (
    <Modal opened onClose={onClose} title={`Post Update: ${incident.title}`} size="lg">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          post.mutate(
            { status: v.status as TIncidentUpdateBody['status'], message: v.message },
            {
              onSuccess: () => {
                toastSuccess(v.status === 'Resolved' ? `${incident.component}: resolved` : 'Update posted');
                onClose();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <Select
            label="Status"
            allowDeselect={false}
            data={['Degraded Performance', 'Scheduled', 'Resolved']}
            {...form.getInputProps('status')}
          />
          <Textarea label="Update" withAsterisk autosize minRows={3} data-autofocus {...form.getInputProps('message')} />
          <FormActions onCancel={onClose} pending={post.isPending} submitLabel="Post Update" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

function IncidentCard({ incident, onUpdate }: { incident: TIncident; onUpdate?: () => void }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {incident.component}
              </Badge>
              <StatusBadge status={incident.status} />
            </Group>
            <Text fw={600}>{incident.title}</Text>
            <Text size="xs" c="dimmed">
              {incident.status === 'Scheduled' ? 'Starts' : 'Started'} {formatStamp(incident.startedAt)}
              {incident.resolvedAt ? ` · Resolved ${formatStamp(incident.resolvedAt)}` : ''}
            </Text>
          </Stack>
          {onUpdate && (
            <Button variant="light" size="xs" onClick={onUpdate} style={{ flexShrink: 0 }}>
              Post Update
            </Button>
          )}
        </Group>
        <Timeline bulletSize={10} lineWidth={2}>
          {incident.updates.map((u) => (
            <Timeline.Item key={u.id} title={<Text size="sm">{u.message}</Text>}>
              <Text size="xs" c="dimmed">
                {u.status} · {formatStamp(u.createdAt)}
                {u.author ? ` · ${u.author}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}

/** Follow the status page: a notice in the portal for every incident and update, and an email if asked. */
function FollowStatus() {
  const { data } = useQuery(statusSubscriptionQuery);
  const set = useSetStatusSubscription();
  if (!data) return null;
  // the change shows at once; the server's answer replaces it
  const shown = set.isPending && set.variables ? set.variables : data;
  const save = (value: TStatusSubscription) =>
    set.mutate(value, {
      onSuccess: (v) =>
        toastSuccess(
          v.subscribed ? `You follow status updates${v.byEmail ? ', by email too' : ''}` : 'You no longer follow status updates',
        ),
      onError: (e) => toastError(e),
    });
  return (
    <Group gap="md">
      <Switch
        label="Follow status updates"
        checked={shown.subscribed}
        onChange={(e) => save({ ...shown, subscribed: e.currentTarget.checked })}
      />
      {shown.subscribed && (
        <Checkbox label="Also by email" checked={shown.byEmail} onChange={(e) => save({ ...shown, byEmail: e.currentTarget.checked })} />
      )}
    </Group>
  );
}

/**
 * The status page (admin Support Tools › Service Status; customers read it): each component's
 * state, incidents under way and maintenance to come, recently resolved. Staff report and update.
 */
export function ServiceStatusPanel({ withHeading = false }: { withHeading?: boolean }) {
  const { data } = useQuery(statusPageQuery);
  const canWrite = useCan('status.write');
  const [reporting, setReporting] = useState(false);
  const [updating, setUpdating] = useState<TIncident | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="lg">
          {withHeading && (
            <Title order={2} size="h3">
              Service Status
            </Title>
          )}
          <FollowStatus />
        </Group>
        {canWrite && (
          <Button leftSection={<IconAlertTriangle size={16} />} onClick={() => setReporting(true)}>
            Report Incident
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {data?.components.map((c) => (
          <Paper key={c.name} withBorder p="sm" radius="md">
            <Text size="sm" fw={600}>
              {c.name}
            </Text>
            <StatusBadge status={c.status} />
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={3} size="h4">
        Current incidents and maintenance
      </Title>
      {data?.current.length === 0 && <EmptyState text="All systems operational" />}
      {data?.current.map((i) => (
        <IncidentCard key={i.id} incident={i} {...(canWrite ? { onUpdate: () => setUpdating(i) } : {})} />
      ))}
      <Title order={3} size="h4">
        Resolved in the last 14 days
      </Title>
      {data?.recent.length === 0 && <EmptyState text="No incidents in the last 14 days" />}
      {data?.recent.map((i) => (
        <IncidentCard key={i.id} incident={i} />
      ))}
      <ReportIncidentModal opened={reporting} onClose={() => setReporting(false)} />
      {updating && <PostUpdateModal incident={updating} onClose={() => setUpdating(null)} />}
    </Stack>
  );
}
