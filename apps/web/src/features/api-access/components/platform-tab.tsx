import { Code, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { INGEST_BATCH_LIMIT, type TPlatformToken, type TPlatformTokenCreated, ZPlatformTokenBody } from '@portal/contract/ingestion';
import { IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { ShownOnceModal } from '../../../ui/shown-once.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { platformTokenListQuery, useCreatePlatformToken, useRevokePlatformToken } from '../api/api-access.ts';

/** The whole token, shown once with a copy button and the warning that it cannot be shown again. */
function TokenCreatedModal({ created, onClose }: { created: TPlatformTokenCreated; onClose: () => void }) {
  return (
    <ShownOnceModal
      title="Platform Token Created"
      warning="Copy this token now and put it in the switch's or gateway's configuration. It is stored only as a hash and cannot be shown again."
      value={created.token}
      testId="new-platform-token"
      onClose={onClose}
    >
      <Text size="sm">{created.name}</Text>
    </ShownOnceModal>
  );
}

function CreateTokenModal({ onClose, onCreated }: { onClose: () => void; onCreated: (t: TPlatformTokenCreated) => void }) {
  const form = useSchemaForm(ZPlatformTokenBody, { name: '' });
  const create = useCreatePlatformToken();
  return (
    <Modal opened onClose={onClose} title="Create Platform Token">
      <SchemaForm
        form={form}
        onSubmit={(values) => create.mutate(values, { onSuccess: (t) => onCreated(t), onError: (e) => showFormError(form, e) })}
      >
        <Stack gap="sm">
          <TextInput
            label="Token Name"
            withAsterisk
            data-autofocus
            placeholder="e.g. Switch cluster east"
            description="Say which system uses it, so it can be revoked alone"
            {...form.getInputProps('name')}
          />
          <FormActions onCancel={onClose} pending={create.isPending} submitLabel="Create Token" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * Platform (staff Admin, /admin/api): the tokens the provider's own switch and SMS gateway post
 * to /ingest/v1 with. Create (shown once), revoke; what the endpoints take.
 */
export function PlatformTab() {
  const { data, isFetching } = useQuery(platformTokenListQuery());
  const revoke = useRevokePlatformToken();
  const { confirm, dialog } = useConfirm();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TPlatformTokenCreated | null>(null);
  const label = (t: TPlatformToken) => `${t.name} (${t.displayPrefix}…)`;

  async function onRevoke(t: TPlatformToken) {
    if (
      !(await confirm({
        title: 'Revoke platform token',
        message: `Revoke ${label(t)}? Batches sent with it are refused from the next request.`,
        confirmLabel: 'Revoke',
      }))
    )
      return;
    revoke.mutate(t.id, { onSuccess: () => toastSuccess(`${t.name} revoked`), onError: (e) => toastError(e) });
  }

  const columns: Column<TPlatformToken>[] = [
    { key: 'name', header: 'Token Name', kind: 'name', maxWidth: 240, render: (t) => t.name },
    { key: 'token', header: 'Token', kind: 'id', render: (t) => `${t.displayPrefix}…` },
    { key: 'status', header: 'Status', kind: 'badge', render: (t) => <StatusBadge status={t.revokedAt ? 'Revoked' : 'Active'} /> },
    { key: 'created', header: 'Created Date', kind: 'figure', render: (t) => <DateText value={t.createdAt} /> },
    {
      key: 'lastUsed',
      header: 'Last Used',
      kind: 'figure',
      render: (t) => (t.lastUsedAt ? <DateText value={t.lastUsedAt} format="relative" /> : 'Never'),
    },
    { key: 'revoked', header: 'Revoked', kind: 'figure', render: (t) => (t.revokedAt ? <DateText value={t.revokedAt} /> : '—') },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          Platform tokens let the provider's own switch and SMS gateway post call records, delivery reports and inbound messages. They act
          for the whole platform, not for one customer: give each system its own token.
        </Text>
        <AddButton onClick={() => setCreating(true)}>Create Token</AddButton>
      </Group>
      <DataTable
        label="Platform tokens"
        columns={columns}
        rows={data}
        loading={isFetching && !data}
        emptyText="No platform tokens yet"
        rowActions={(t) =>
          t.revokedAt ? null : (
            <RowAction label="Revoke" name={label(t)} color="orange" icon={<IconBan size={16} />} onClick={() => void onRevoke(t)} />
          )
        }
      />
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Ingestion endpoints
        </Title>
        <Stack gap="xs">
          <Text size="sm">
            Send <Code>Authorization: Bearer plt_…</Code> and a JSON batch of up to {INGEST_BATCH_LIMIT.toLocaleString('en-US')} records to:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              <Code>POST /ingest/v1/cdrs</Code>: call records, rated with the account's rate deck as they enter; the same call id is counted
              once.
            </List.Item>
            <List.Item>
              <Code>POST /ingest/v1/message-events</Code>: delivery reports (Sent, Delivered, Failed); a message only moves forward and
              fires its webhooks.
            </List.Item>
            <List.Item>
              <Code>POST /ingest/v1/inbound-messages</Code>: messages to customers' numbers; STOP and START update the opt-out list.
            </List.Item>
          </List>
          <Text size="sm">
            A number no account holds rejects that record alone; a malformed batch is refused whole with the field of each problem. The
            reference: <Code>{`${origin()}/ingest/v1/openapi.json`}</Code>
          </Text>
        </Stack>
      </Paper>
      {creating && (
        <CreateTokenModal
          onClose={() => setCreating(false)}
          onCreated={(t) => {
            setCreating(false);
            setCreated(t);
          }}
        />
      )}
      {created && <TokenCreatedModal created={created} onClose={() => setCreated(null)} />}
      {dialog}
    </Stack>
  );
}
