import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS, WEBHOOK_STATUSES } from '@portal/contract/api-access';
import { type TWebhook, type TWebhookDelivery, ZWebhookBody } from '@portal/contract/webhooks';
import { IconEdit, IconHistory, IconKey, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SegmentedField } from '../../../ui/segmented-field.tsx';
import { ShownOnceModal } from '../../../ui/shown-once.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import {
  deliveryListQuery,
  useCreateWebhook,
  useDeleteWebhook,
  useReplayDelivery,
  useReplayFailed,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  webhookListQuery,
} from '../api/api-access.ts';
import type { ApiScope } from '../api-scope.ts';

const FILTERS = { search: '', status: '' };

/** The signing secret, shown once with a copy button. */
function SecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <ShownOnceModal
      title="Signing Secret"
      warning="Copy this secret now: it cannot be shown again. Verify each delivery's webhook-signature header with it (Standard Webhooks)."
      value={secret}
      testId="webhook-secret"
      onClose={onClose}
    />
  );
}

function WebhookModal({
  webhook,
  scope,
  onClose,
  onCreated,
}: {
  webhook?: TWebhook;
  scope: ApiScope;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const form = useSchemaForm(ZWebhookBody, {
    name: webhook?.name ?? '',
    url: webhook?.url ?? 'https://',
    events: (webhook?.events ?? [...WEBHOOK_EVENTS]) as string[],
    status: webhook?.status === 'Inactive' ? 'Inactive' : 'Active',
    accountId: webhook?.accountId ?? scope.accountId ?? '',
  });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const v = form.getValues();
  return (
    <Modal opened onClose={onClose} title={webhook ? 'Edit Webhook' : 'Add Webhook'} size="lg">
      <SchemaForm
        form={form}
        onSubmit={(values) => {
          const body = values as Parameters<typeof create.mutate>[0];
          if (webhook)
            update.mutate(
              { id: webhook.id, body },
              {
                onSuccess: () => {
                  toastSuccess('Webhook saved');
                  onClose();
                },
                onError: (e) => showFormError(form, e),
              },
            );
          else create.mutate(body, { onSuccess: (w) => onCreated(w.secret), onError: (e) => showFormError(form, e) });
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="URL"
            withAsterisk
            description="https only; private and loopback addresses are refused"
            {...form.getInputProps('url')}
          />
          {!scope.accountId && !webhook && (
            <AccountPicker
              label="Account"
              withAsterisk
              customerId={scope.customerId}
              withCustomer={scope.portal === 'admin' && !scope.customerId}
              value={v.accountId}
              onChange={(id) => form.setFieldValue('accountId', id)}
              error={form.errors.accountId}
            />
          )}
          <Checkbox.Group
            label="Events"
            withAsterisk
            value={v.events}
            onChange={(e) => form.setFieldValue('events', e)}
            error={form.errors.events}
          >
            <Group gap="md" mt={6}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={e} />
              ))}
            </Group>
          </Checkbox.Group>
          <SegmentedField
            label="Status"
            data={['Active', 'Inactive']}
            value={v.status}
            onChange={(s) => form.setFieldValue('status', s as 'Active')}
            hint="Events that arrive while a webhook is inactive are kept, and can be replayed from its deliveries."
          />
          <FormActions onCancel={onClose} pending={create.isPending || update.isPending} submitLabel={webhook ? 'Save' : 'Add Webhook'} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** A webhook's delivery log: attempt, answer code, time taken, excerpt, next retry; replay one or all failed since a time. */
function DeliveriesModal({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery(deliveryListQuery(webhook.id, { page, pageSize: 10 }));
  const replay = useReplayDelivery();
  const replayAll = useReplayFailed();
  const canWrite = useCan('api.write');
  const columns: Column<TWebhookDelivery>[] = [
    { key: 'at', header: 'Time', kind: 'figure', render: (d) => <DateText value={d.lastAttemptAt ?? d.createdAt} format="stacked" /> },
    { key: 'event', header: 'Event', nowrap: true, render: (d) => d.event },
    { key: 'attempt', header: 'Attempt', kind: 'figure', align: 'right', render: (d) => d.attempt },
    {
      key: 'state',
      header: 'State',
      kind: 'badge',
      render: (d) => <StatusBadge status={d.state === 'succeeded' ? 'Delivered' : d.state === 'held' ? 'Inactive' : d.state} />,
    },
    { key: 'code', header: 'Answer', kind: 'figure', render: (d) => d.statusCode ?? (d.error ? 'No answer' : '—') },
    {
      key: 'ms',
      header: 'Time Taken',
      kind: 'figure',
      align: 'right',
      render: (d) => (d.durationMs === null ? '—' : `${d.durationMs} ms`),
    },
    { key: 'excerpt', header: 'Excerpt', kind: 'name', maxWidth: 200, render: (d) => d.responseExcerpt ?? d.error ?? '' },
    {
      key: 'next',
      header: 'Next Retry',
      kind: 'figure',
      render: (d) => (d.nextAttemptAt ? <DateText value={d.nextAttemptAt} format="stacked" /> : '—'),
    },
  ];
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
  return (
    <Modal opened onClose={onClose} title={`Deliveries: ${webhook.name}`} size="80rem">
      <Stack gap="sm">
        {canWrite && (
          <Group justify="flex-end">
            <Button
              variant="default"
              size="xs"
              loading={replayAll.isPending}
              onClick={() =>
                replayAll.mutate(
                  { id: webhook.id, since: dayAgo },
                  {
                    onSuccess: (r) => toastSuccess(`${r.queued} failed or held deliveries of the last 24 hours queued again`),
                    onError: (e) => toastError(e),
                  },
                )
              }
            >
              Replay all failed (last 24 hours)
            </Button>
          </Group>
        )}
        <DataTable
          label="Deliveries"
          columns={columns}
          rows={data?.items}
          loading={isFetching && !data}
          emptyText="No deliveries yet"
          {...(canWrite
            ? {
                rowActions: (d: TWebhookDelivery) =>
                  d.state === 'failed' || d.state === 'held' ? (
                    <RowAction
                      label="Replay"
                      name={`${d.event} ${d.eventId ?? ''}`}
                      icon={<IconHistory size={16} />}
                      onClick={() =>
                        replay.mutate(
                          { id: webhook.id, deliveryId: d.id },
                          { onSuccess: () => toastSuccess('Delivery queued again'), onError: (e) => toastError(e) },
                        )
                      }
                    />
                  ) : null,
              }
            : {})}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data ? `${data.total} deliveries` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="default" size="xs" disabled={!data || page * 10 >= data.total} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Webhooks: add, edit, delete, rotate the secret, Test now, the delivery log. */
export function WebhooksTab({ scope }: { scope: ApiScope }) {
  const list = useListState({ filters: FILTERS, prefix: 'wh' });
  const { data, isFetching } = useQuery(webhookListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }));
  const canWrite = useCan('api.write');
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<TWebhook | null>(null);

  function onTest(w: TWebhook) {
    test.mutate(w.id, {
      onSuccess: (r) =>
        r.ok
          ? toastSuccess(`Test delivered: ${r.statusCode} in ${r.durationMs} ms`)
          : toastError(`Test failed: ${r.statusCode ?? r.error ?? 'no answer'} after ${r.durationMs} ms`),
      onError: (e) => toastError(e),
    });
  }
  async function onRotate(w: TWebhook) {
    if (
      !(await confirm({
        title: 'Rotate secret',
        message: `Issue a new signing secret for ${w.name}? Deliveries are signed with both secrets for 24 hours.`,
        confirmLabel: 'Rotate',
      }))
    )
      return;
    rotate.mutate(w.id, { onSuccess: (r) => setSecret(r.secret), onError: (e) => toastError(e) });
  }
  async function onDelete(w: TWebhook) {
    if (!(await confirm({ title: 'Delete webhook', message: `Delete ${w.name}? Its delivery log goes with it.`, confirmLabel: 'Delete' })))
      return;
    remove.mutate(w.id, { onSuccess: () => toastSuccess(`${w.name} deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TWebhook>[] = [
    { key: 'name', header: 'Name', kind: 'name', maxWidth: 160, render: (w) => w.name },
    { key: 'url', header: 'URL', kind: 'name', maxWidth: 220, render: (w) => w.url },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 150, render: (w: TWebhook) => w.accountName }]
      : []),
    {
      key: 'events',
      header: 'Events',
      kind: 'name',
      maxWidth: 170,
      render: (w) => w.events.map((e) => e.replace('message.', '')).join(', '),
    },
    { key: 'status', header: 'Status', kind: 'badge', render: (w) => <StatusBadge status={w.status} /> },
    {
      key: 'last',
      header: 'Last Delivery',
      kind: 'figure',
      render: (w) => (w.lastDeliveryAt ? <DateText value={w.lastDeliveryAt} format="relative" /> : 'Never'),
    },
  ];

  return (
    <Stack gap="md">
      <FilterBar actions={canWrite && <AddButton onClick={() => setEditing('new')}>Add Webhook</AddButton>}>
        <SearchFilter label="Search" placeholder="Search webhooks..." {...list.filter('search')} />
        <SelectFilter label="Status" w={150} data={optionsOf(WEBHOOK_STATUSES, { all: 'All statuses' })} {...list.filter('status')} />
      </FilterBar>
      <ListTable
        list={list}
        data={data}
        label="Webhooks"
        columns={columns}
        loading={isFetching}
        emptyText="No webhooks found matching your criteria"
        rowActions={(w: TWebhook) => (
          <Group gap={4} wrap="nowrap">
            <RowAction label="Deliveries" name={w.name} icon={<IconHistory size={16} />} onClick={() => setLog(w)} />
            {canWrite && (
              <>
                <RowAction label="Test" name={w.name} icon={<IconSend size={16} />} onClick={() => onTest(w)} />
                <RowAction label="Edit" name={w.name} icon={<IconEdit size={16} />} onClick={() => setEditing(w)} />
                <RowAction label="Rotate secret" name={w.name} icon={<IconKey size={16} />} onClick={() => void onRotate(w)} />
                <RowAction label="Delete" name={w.name} color="red" icon={<IconTrash size={16} />} onClick={() => void onDelete(w)} />
              </>
            )}
          </Group>
        )}
      />
      {editing && (
        <WebhookModal
          webhook={editing === 'new' ? undefined : editing}
          scope={scope}
          onClose={() => setEditing(null)}
          onCreated={(s) => {
            setEditing(null);
            setSecret(s);
          }}
        />
      )}
      {secret && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
      {log && <DeliveriesModal webhook={log} onClose={() => setLog(null)} />}
      {dialog}
    </Stack>
  );
}
