import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { API_KEY_ENVIRONMENTS, API_KEY_STATUSES, maskedKey, type TApiKey, type TApiKeyCreated } from '@portal/contract/api-access';
import { IconBan, IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { apiKeyListQuery, useDeleteApiKey, useRevokeApiKey, useRollApiKey } from '../api/api-access.ts';
import type { ApiScope } from '../api-scope.ts';
import { GenerateKeyModal, KeyCreatedModal } from './generate-key-modal.tsx';

const FILTERS = { search: '', status: '', environment: '' };

/** API Keys: generate (shown once), roll, revoke, delete; last use 'Never' when unused (spec). */
export function KeysTab({ scope }: { scope: ApiScope }) {
  const list = useListState({ filters: FILTERS, prefix: 'key' });
  const { data, isFetching } = useQuery(apiKeyListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }));
  const canWrite = useCan('api.write');
  const revoke = useRevokeApiKey();
  const roll = useRollApiKey();
  const remove = useDeleteApiKey();
  const { confirm, dialog } = useConfirm();
  const [generating, setGenerating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const label = (k: TApiKey) => `${k.name} (${maskedKey(k)})`;

  async function onRevoke(k: TApiKey) {
    if (
      !(await confirm({
        title: 'Revoke API key',
        message: `Revoke ${label(k)}? Calls with it are refused at once.`,
        confirmLabel: 'Revoke',
      }))
    )
      return;
    revoke.mutate(k.id, { onSuccess: () => toastSuccess(`${k.name} revoked`), onError: (e) => toastError(e) });
  }
  async function onRoll(k: TApiKey) {
    if (
      !(await confirm({
        title: 'Roll API key',
        message: `Generate a new key for ${k.name}? The current key keeps working for 24 hours, so you can switch without downtime.`,
        confirmLabel: 'Roll Key',
      }))
    )
      return;
    roll.mutate({ id: k.id, graceHours: 24 }, { onSuccess: (n) => setCreated(n), onError: (e) => toastError(e) });
  }
  async function onDelete(k: TApiKey) {
    if (!(await confirm({ title: 'Delete API key', message: `Delete ${label(k)}? Its request log stays.`, confirmLabel: 'Delete' })))
      return;
    remove.mutate(k.id, { onSuccess: () => toastSuccess(`${k.name} deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TApiKey>[] = [
    { key: 'name', header: 'Key Name', kind: 'name', maxWidth: 170, render: (k) => k.name },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 150, render: (k: TApiKey) => k.accountName }]
      : []),
    {
      key: 'key',
      header: 'API Key',
      kind: 'id',
      // the account tab shows the first 16 characters, elsewhere first 8 … last 4 (spec)
      render: (k) => (scope.accountId ? `${k.keyPrefix}…` : maskedKey(k)),
    },
    {
      key: 'environment',
      header: 'Environment',
      kind: 'badge',
      render: (k) => (
        <Badge size="sm" variant="light" color={k.environment === 'Production' ? 'blue' : 'gray'} tt="none">
          {k.environment}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      kind: 'badge',
      render: (k) =>
        k.expired && k.status === 'Active' ? (
          <Tooltip label={k.graceUntil ? 'Rolled: replaced by a newer key' : 'Past its expiry date'}>
            <span>
              <StatusBadge status="Expired" />
            </span>
          </Tooltip>
        ) : (
          <StatusBadge status={k.status} />
        ),
    },
    { key: 'created', header: 'Created Date', kind: 'figure', render: (k) => <DateText value={k.createdAt} /> },
    {
      key: 'lastUsed',
      header: 'Last Used',
      kind: 'figure',
      render: (k) =>
        k.lastUsedAt ? (
          <Stack gap={0}>
            <DateText value={k.lastUsedAt} format="relative" />
            {k.lastUsedIp && (
              <Text size="xs" c="dimmed">
                {k.lastUsedIp}
              </Text>
            )}
          </Stack>
        ) : (
          'Never'
        ),
    },
  ];

  return (
    <Stack gap="md">
      <FilterBar
        actions={
          canWrite && (
            <Button leftSection={<IconKey size={16} />} onClick={() => setGenerating(true)}>
              Generate API Key
            </Button>
          )
        }
      >
        <SearchFilter label="Search" placeholder="Search keys..." {...list.filter('search')} />
        <SelectFilter label="Status" w={150} data={optionsOf(API_KEY_STATUSES, { all: 'All statuses' })} {...list.filter('status')} />
        <SelectFilter
          label="Environment"
          w={170}
          data={optionsOf(API_KEY_ENVIRONMENTS, { all: 'All environments' })}
          {...list.filter('environment')}
        />
      </FilterBar>
      <ListTable
        list={list}
        data={data}
        label="API keys"
        columns={columns}
        loading={isFetching}
        emptyText="No API keys found matching your criteria"
        {...(canWrite
          ? {
              rowActions: (k: TApiKey) => (
                <Group gap={4} wrap="nowrap">
                  {k.status === 'Active' && !k.expired && (
                    <>
                      <RowAction label="Roll" name={label(k)} icon={<IconRefresh size={16} />} onClick={() => void onRoll(k)} />
                      <RowAction
                        label="Revoke"
                        name={label(k)}
                        color="orange"
                        icon={<IconBan size={16} />}
                        onClick={() => void onRevoke(k)}
                      />
                    </>
                  )}
                  <RowAction label="Delete" name={label(k)} color="red" icon={<IconTrash size={16} />} onClick={() => void onDelete(k)} />
                </Group>
              ),
            }
          : {})}
      />
      {generating && (
        <GenerateKeyModal
          customerId={scope.customerId}
          accountId={scope.accountId}
          staffAcrossCustomers={scope.portal === 'admin' && !scope.customerId}
          onClose={() => setGenerating(false)}
          onCreated={(k) => {
            setGenerating(false);
            setCreated(k);
          }}
        />
      )}
      {created && <KeyCreatedModal created={created} onClose={() => setCreated(null)} />}
      {dialog}
    </Stack>
  );
}
