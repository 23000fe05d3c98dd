import { Badge, Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { BLOCKS_SUMMARY_DAYS, DNC_LIST_LABELS, DNC_LIST_TYPES, type TDncEntry, type TDncListType } from '@portal/contract/compliance';
import { IconFileImport, IconMessageOff, IconPhoneOff, IconPhoneX, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { CustomerFilter } from '../../../ui/customer-select.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SearchFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { dncListQuery, dncSummaryQuery, useRemoveDncEntry } from '../api/compliance.ts';
import { AddEntryModal } from '../components/add-entry-modal.tsx';
import { ImportModal } from '../components/import-modal.tsx';

// the list (tab) is a filter: changing it, like any filter, returns to page 1
const FILTERS = { search: '', customerId: '', list: 'dnc' };

/** A block entry (+1212 or +1212555) as people read it: '212' or '212-555', 'block'. */
function EntryNumber({ entry }: { entry: TDncEntry }) {
  if (!entry.block) return <PhoneText value={entry.number} />;
  const digits = entry.number.slice(2);
  return (
    <Group gap={6} wrap="nowrap">
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits}</span>
      <Badge size="xs" variant="light" color="gray">
        Block
      </Badge>
    </Group>
  );
}

/** /admin/compliance: the DNC (Do Not Call) and DNO (Do Not Originate) lists, 10 per page (admin spec 2.11). */
export function CompliancePage() {
  const { portal } = usePortalScope();
  const staff = portal === 'admin';
  const list = useListState({ filters: FILTERS, pageSize: 10 });
  const { list: _tab, page: _page, pageSize: _size, ...filters } = list.query;
  const listType: TDncListType = list.filters.list === 'dno' ? 'DNO' : 'DNC';
  const { data, isFetching } = useQuery(dncListQuery({ ...filters, page: list.page, pageSize: list.pageSize, listType }));
  const summary = useQuery(dncSummaryQuery(list.filters.customerId || undefined));
  const canWrite = useCan('compliance.write');
  const remove = useRemoveDncEntry();
  const { confirm, dialog } = useConfirm();
  const [modal, setModal] = useState<'add' | 'import' | null>(null);

  async function onRemove(e: TDncEntry) {
    if (
      !(await confirm({
        title: 'Remove entry',
        message: `Remove ${e.number} from the ${e.listType} list of ${e.customerName}?`,
        confirmLabel: 'Remove',
      }))
    )
      return;
    remove.mutate(e.id, {
      onSuccess: () => toastSuccess(`${e.number} removed from the ${e.listType} list`),
      onError: (err) => toastError(err),
    });
  }

  const columns: Column<TDncEntry>[] = [
    { key: 'number', header: 'Number', kind: 'figure', render: (e) => <EntryNumber entry={e} /> },
    ...(staff
      ? [{ key: 'customer', header: 'Customer', kind: 'name' as const, maxWidth: 220, render: (e: TDncEntry) => e.customerName }]
      : []),
    {
      key: 'type',
      header: 'Type',
      kind: 'badge',
      render: (e) => (
        <Badge variant="light" color={e.listType === 'DNC' ? 'orange' : 'red'}>
          {e.listType}
        </Badge>
      ),
    },
    { key: 'reason', header: 'Reason', kind: 'name', maxWidth: 240, render: (e) => e.reason ?? '' },
    { key: 'addedAt', header: 'Added Date', kind: 'figure', render: (e) => <DateText value={e.addedAt} /> },
    { key: 'addedBy', header: 'Added By', kind: 'name', maxWidth: 150, render: (e) => e.addedBy ?? '' },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Regulatory Compliance</PageTitle>
        <Group gap="sm">
          <ExportButton
            variant="default"
            url={`/api/compliance/entries/export${toQueryString({ ...filters, listType })}`}
            fallbackName={`${listType.toLowerCase()}-entries.csv`}
            noun="entries"
          />
          {canWrite && (
            <>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setModal('import')}>
                Import CSV
              </Button>
              <AddButton onClick={() => setModal('add')}>Add Entry</AddButton>
            </>
          )}
        </Group>
      </Group>
      <SummaryCards>
        <SummaryCard label="DNC entries" value={summary.data?.DNC ?? '—'} icon={<IconPhoneOff size={20} />} color="orange" />
        <SummaryCard label="DNO entries" value={summary.data?.DNO ?? '—'} icon={<IconShieldOff size={20} />} color="red" />
        <SummaryCard
          label="Messages stopped"
          value={summary.data?.stopped.DNC ?? '—'}
          detail={`By DNC · last ${BLOCKS_SUMMARY_DAYS} days`}
          icon={<IconMessageOff size={20} />}
          color="orange"
        />
        <SummaryCard
          label="Calls stopped"
          value={summary.data?.stopped.DNO ?? '—'}
          detail={`By DNO · last ${BLOCKS_SUMMARY_DAYS} days`}
          icon={<IconPhoneX size={20} />}
          color="red"
        />
      </SummaryCards>
      <Tabs value={listType.toLowerCase()} onChange={(v) => list.setFilter('list', v ?? 'dnc')} keepMounted={false}>
        <Tabs.List>
          {DNC_LIST_TYPES.map((t) => (
            <Tabs.Tab key={t} value={t.toLowerCase()}>
              {DNC_LIST_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FilterBar>
            <SearchFilter label="Number" placeholder="Search by number" {...list.filter('search')} />
            {staff && <CustomerFilter w={280} {...list.filter('customerId')} />}
          </FilterBar>
          <ListTable
            list={list}
            data={data}
            label={`${listType} entries`}
            columns={columns}
            loading={isFetching}
            emptyText="No entries found"
            {...(canWrite
              ? {
                  rowActions: (e: TDncEntry) => (
                    <RowAction label="Remove" name={e.number} color="red" icon={<IconTrash size={17} />} onClick={() => void onRemove(e)} />
                  ),
                }
              : {})}
          />
        </Stack>
      </Paper>
      {modal === 'add' && <AddEntryModal listType={listType} staff={staff} onClose={() => setModal(null)} />}
      {modal === 'import' && <ImportModal listType={listType} staff={staff} onClose={() => setModal(null)} />}
      {dialog}
    </Stack>
  );
}
