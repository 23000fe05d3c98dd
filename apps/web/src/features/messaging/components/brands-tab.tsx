import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { BRAND_FIELD_LABELS, BRAND_STATUSES, type TBrand } from '@portal/contract/messaging';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RejectModal } from '../../../ui/reject-modal.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { brandListQuery, useReviewBrand } from '../api/messaging.ts';
import type { MessagingScope } from '../messaging-scope.ts';
import { BrandModal } from './brand-modal.tsx';

const FILTERS = { search: '', status: '' };
const FIELD_OPTIONS = Object.entries(BRAND_FIELD_LABELS).map(([value, label]) => ({ value, label }));

/** 10DLC brands: customers register and correct them, the provider reviews them. */
export function BrandsTab({ scope }: { scope: MessagingScope }) {
  const list = useListState({ filters: FILTERS });
  const { data, isFetching } = useQuery(brandListQuery({ ...list.query, customerId: scope.customerId }));
  const canWrite = useCan('messaging.write');
  const canReview = useCan('messaging.review');
  const review = useReviewBrand();
  const [editing, setEditing] = useState<TBrand | 'new' | null>(null);
  const [rejecting, setRejecting] = useState<TBrand | null>(null);

  function approve(b: TBrand) {
    review.mutate(
      { id: b.id, decision: 'Approved' },
      { onSuccess: () => toastSuccess(`${b.name} approved`), onError: (e) => toastError(e) },
    );
  }

  const hasActions = (b: TBrand) => (canReview && b.status === 'Pending') || (canWrite && b.status !== 'Approved');
  const actions = (b: TBrand) => (
    <Group gap={4} wrap="nowrap">
      {canReview && b.status === 'Pending' && (
        <>
          <RowAction label="Approve" name={b.name} color="green" icon={<IconCheck size={16} />} onClick={() => approve(b)} />
          <RowAction label="Reject" name={b.name} color="red" icon={<IconX size={16} />} onClick={() => setRejecting(b)} />
        </>
      )}
      {canWrite && b.status !== 'Approved' && (
        <RowAction
          label={b.status === 'Rejected' ? 'Correct and resubmit' : 'Edit'}
          name={b.name}
          icon={<IconEdit size={16} />}
          onClick={() => setEditing(b)}
        />
      )}
    </Group>
  );

  const columns: Column<TBrand>[] = [
    {
      key: 'name',
      header: 'Brand',
      kind: 'name',
      maxWidth: 260,
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate>
            {b.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {b.brandCode}
          </Text>
        </Stack>
      ),
    },
    ...(scope.portal === 'admin' && !scope.customerId
      ? [{ key: 'customer', header: 'Customer', kind: 'name' as const, maxWidth: 200, render: (b: TBrand) => b.customerName }]
      : []),
    // staff see the customer instead (the legal name is on the brand's form)
    ...(scope.portal === 'customer'
      ? [{ key: 'legal', header: 'Legal Name', kind: 'name' as const, maxWidth: 220, render: (b: TBrand) => b.legalName ?? '' }]
      : []),
    { key: 'createdAt', header: 'Registration Date', kind: 'figure', render: (b) => <DateText value={b.createdAt} /> },
    {
      key: 'status',
      header: 'Status',
      kind: 'badge',
      render: (b) =>
        b.status === 'Rejected' && b.rejectionReason ? (
          <Tooltip multiline w={280} label={`${b.rejectionField ? `${BRAND_FIELD_LABELS[b.rejectionField]}: ` : ''}${b.rejectionReason}`}>
            <span>
              <StatusBadge status={b.status} />
            </span>
          </Tooltip>
        ) : (
          <StatusBadge status={b.status} />
        ),
    },
    { key: 'campaigns', header: 'Campaigns', kind: 'figure', render: (b) => b.campaigns },
  ];

  return (
    <Stack gap="md">
      <FilterBar actions={canWrite && <AddButton onClick={() => setEditing('new')}>Register Brand</AddButton>}>
        <SearchFilter label="Search" placeholder="Search brands..." {...list.filter('search')} />
        <SelectFilter
          label="Status"
          placeholder="All statuses"
          data={optionsOf(BRAND_STATUSES, { all: 'All statuses' })}
          {...list.filter('status')}
        />
      </FilterBar>
      <ListTable
        list={list}
        data={data}
        label="Brands"
        columns={columns}
        loading={isFetching}
        emptyText="No brands found matching your criteria"
        {...((data?.items ?? []).some(hasActions) ? { rowActions: (b: TBrand) => actions(b) } : {})}
      />
      {editing && (
        <BrandModal
          brand={editing === 'new' ? undefined : editing}
          customerId={scope.customerId}
          staffPicksCustomer={scope.portal === 'admin' && !scope.customerId && editing === 'new'}
          onClose={() => setEditing(null)}
        />
      )}
      {rejecting && (
        <RejectModal
          title={`Reject ${rejecting.name}`}
          fields={FIELD_OPTIONS}
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason, field) =>
            review.mutate(
              { id: rejecting.id, decision: 'Rejected', reason, field },
              {
                onSuccess: () => {
                  toastSuccess(`${rejecting.name} rejected`);
                  setRejecting(null);
                },
                onError: (e) => toastError(e),
              },
            )
          }
        />
      )}
    </Stack>
  );
}
