import { Badge, Group, type MantineColor, Paper, Stack, Text } from '@mantine/core';
import { MESSAGE_TYPES, TEMPLATE_STATUSES, type TTemplate, type TTemplateStatus } from '@portal/contract/messaging';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { templateListQuery, useDeleteTemplate } from '../api/messaging.ts';
import { TemplateModal } from './template-modal.tsx';

const FILTERS = { search: '', status: '', type: '' };
const STATUS_OPTIONS = optionsOf(TEMPLATE_STATUSES, { all: 'All statuses' });
const TYPE_OPTIONS = optionsOf(MESSAGE_TYPES, { all: 'All types' });
const STATUS_COLOURS: Record<TTemplateStatus, MantineColor> = { Active: 'green', Inactive: 'gray', Draft: 'yellow' };

/** Templates tab: the company's message templates, with create, edit and delete for those who may write. */
export function TemplatesTab({
  scope,
}: {
  scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean };
}) {
  const list = useListState({ filters: FILTERS, prefix: 'tpl' });
  const { data, isFetching, isPlaceholderData } = useQuery(
    templateListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }),
  );
  const canWrite = useCan('messaging.write');
  const remove = useDeleteTemplate();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<TTemplate | 'new' | null>(null);

  async function onDelete(t: TTemplate) {
    if (!(await confirm({ title: 'Delete template', message: `Delete template ${t.name}?` }))) return;
    remove.mutate(t.id, { onSuccess: () => toastSuccess('Template deleted'), onError: (e) => toastError(e) });
  }

  const columns: Column<TTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      kind: 'name',
      maxWidth: 240,
      render: (t) => (
        <Text span size="sm" fw={500}>
          {t.name}
        </Text>
      ),
    },
    { key: 'type', header: 'Type', nowrap: true, render: (t) => t.type },
    {
      key: 'status',
      header: 'Status',
      kind: 'badge',
      render: (t) => (
        <Badge color={STATUS_COLOURS[t.status]} variant="light" size="sm" radius="sm" tt="none">
          {t.status}
        </Badge>
      ),
    },
    {
      key: 'segments',
      header: 'Segments',
      kind: 'figure',
      render: (t) =>
        t.type === 'MMS' ? (
          'Per message'
        ) : (
          <>
            {t.segments}{' '}
            <Text span size="xs" c="dimmed">
              {t.encoding}
            </Text>
          </>
        ),
    },
    { key: 'account', header: 'Account', kind: 'name', maxWidth: 200, render: (t) => t.accountName ?? 'All accounts' },
    { key: 'lastModified', header: 'Last Modified', kind: 'figure', render: (t) => <DateText value={t.lastModified} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar actions={canWrite && <AddButton onClick={() => setEditing('new')}>Create Template</AddButton>}>
          <SearchFilter label="Search" placeholder="Search templates..." {...list.filter('search')} />
          <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} />
          <SelectFilter label="Type" w={130} data={TYPE_OPTIONS} {...list.filter('type')} />
        </FilterBar>
        <ListTable
          list={list}
          data={data}
          label="Message templates"
          columns={columns}
          loading={isFetching && (!data || isPlaceholderData)}
          emptyText="No templates found matching your criteria"
          rowActions={
            canWrite
              ? (t) => (
                  <Group gap={4} wrap="nowrap">
                    <RowAction label="Edit" name={t.name} icon={<IconEdit size={17} />} onClick={() => setEditing(t)} />
                    <RowAction label="Delete" name={t.name} icon={<IconTrash size={17} />} color="red" onClick={() => void onDelete(t)} />
                  </Group>
                )
              : undefined
          }
        />
      </Stack>
      <TemplateModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        template={editing === 'new' ? null : editing}
        customerId={scope.customerId}
        accountId={scope.accountId}
      />
      {dialog}
    </Paper>
  );
}
