import { Button, Group, Paper, Stack } from '@mantine/core';
import { isPortingFinal, PORTING_STATUSES, type TPortingRequest } from '@portal/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { portingListQuery } from '../api/numbers.ts';
import { PortingDetailModal } from './porting-detail-modal.tsx';
import { UploadDocumentsModal } from './upload-documents-modal.tsx';

const FILTERS = { search: '', status: '' };
const STATUS_OPTIONS = optionsOf(PORTING_STATUSES, { all: 'All' });

/** Spec 2.8, Number Porting tab: Request ID, Number, Request Date, Status, Account, Actions. */
export function PortingTab({ scope }: { scope: PortalScope }) {
  const list = useListState({ filters: FILTERS, prefix: 'port' });
  const staffView = scope.portal === 'admin';
  const showAccount = !scope.accountId;
  const { data, isFetching } = useQuery(
    portingListQuery({
      ...list.query,
      customerId: scope.portal === 'admin' ? scope.customerId : undefined,
      accountId: scope.accountId,
    }),
  );
  const canUpload = useCan('porting.write');
  const [viewing, setViewing] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);

  const columns: Column<TPortingRequest>[] = [
    { key: 'code', header: 'Request ID', kind: 'id', render: (p) => p.requestCode },
    { key: 'number', header: 'Number', kind: 'figure', render: (p) => <PhoneText value={p.number} /> },
    { key: 'date', header: 'Request Date', kind: 'figure', render: (p) => <DateText value={p.requestDate} /> },
    { key: 'status', header: 'Status', kind: 'badge', render: (p) => <StatusBadge status={p.status} /> },
    ...(showAccount
      ? [
          {
            key: 'account',
            header: 'Account',
            kind: 'name' as const,
            render: (p: TPortingRequest) => (staffView ? `${p.customerName} — ${p.accountName}` : p.accountName),
          },
        ]
      : []),
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar>
          <SearchFilter label="Search" placeholder="Request ID, number or account" {...list.filter('search')} />
          <SelectFilter label="Status" w={160} data={STATUS_OPTIONS} {...list.filter('status')} />
        </FilterBar>
        <ListTable
          list={list}
          data={data}
          label="Porting requests"
          columns={columns}
          loading={isFetching}
          emptyText="No porting requests found matching your filters"
          rowActions={(p) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={() => setViewing(p.id)} aria-label={`View Details of ${p.requestCode}`}>
                View Details
              </Button>
              {canUpload && !isPortingFinal(p.status) && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setUploading(p.id)}
                  aria-label={`Upload Documents for ${p.requestCode}`}
                >
                  Upload Documents
                </Button>
              )}
            </Group>
          )}
        />
      </Stack>
      <PortingDetailModal
        requestId={viewing}
        onClose={() => setViewing(null)}
        onUpload={(id) => {
          setViewing(null);
          setUploading(id);
        }}
      />
      <UploadDocumentsModal requestId={uploading} onClose={() => setUploading(null)} />
    </Paper>
  );
}
