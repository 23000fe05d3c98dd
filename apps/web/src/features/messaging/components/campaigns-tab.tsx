import { Anchor, Stack } from '@mantine/core';
import { CAMPAIGN_STATUSES, type TCampaign } from '@portal/contract/messaging';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { campaignListQuery } from '../api/messaging.ts';
import { campaignPath, type MessagingScope } from '../messaging-scope.ts';
import { CampaignModal } from './campaign-modal.tsx';

const FILTERS = { search: '', status: '' };
const STATUS_OPTIONS = optionsOf(CAMPAIGN_STATUSES, { all: 'All statuses' });
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Campaigns (admin spec 2.10: Campaign ID, Account, 10DLC ID, Brand, Status); the customer's tab
 * adds the sent and delivered counts from the message records.
 */
export function CampaignsTab({ scope }: { scope: MessagingScope }) {
  const list = useListState({ filters: FILTERS });
  const { data, isFetching } = useQuery(campaignListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }));
  const canWrite = useCan('messaging.write');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const staffWide = scope.portal === 'admin' && !scope.customerId;

  const columns: Column<TCampaign>[] = [
    {
      key: 'name',
      header: 'Campaign ID',
      kind: 'name',
      maxWidth: 240,
      render: (c) => (
        <Anchor component={Link} to={campaignPath(scope.portal, c.id)} size="sm" fw={500}>
          {c.name}
        </Anchor>
      ),
    },
    ...(scope.showAccount
      ? [
          {
            key: 'account',
            header: 'Account',
            kind: 'name' as const,
            maxWidth: 260,
            // staff across customers see whose account it is
            render: (c: TCampaign) => (staffWide ? `${c.accountName} (${c.customerName})` : c.accountName),
          },
        ]
      : []),
    { key: 'code', header: '10DLC ID', kind: 'id', render: (c) => c.campaignCode },
    { key: 'brand', header: 'Brand', kind: 'name', maxWidth: 200, render: (c) => c.brandName },
    { key: 'status', header: 'Status', kind: 'badge', render: (c) => <StatusBadge status={c.status} /> },
    ...(scope.portal === 'customer'
      ? [
          { key: 'sent', header: 'Sent', kind: 'figure' as const, align: 'right' as const, render: (c: TCampaign) => count(c.sent) },
          {
            key: 'delivered',
            header: 'Delivered',
            kind: 'figure' as const,
            align: 'right' as const,
            render: (c: TCampaign) => count(c.delivered),
          },
          { key: 'created', header: 'Created', kind: 'figure' as const, render: (c: TCampaign) => <DateText value={c.createdAt} /> },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <FilterBar actions={canWrite && <AddButton onClick={() => setCreating(true)}>Create Campaign</AddButton>}>
        <SearchFilter label="Search" placeholder="Search campaigns..." {...list.filter('search')} />
        <SelectFilter label="Status" w={170} data={STATUS_OPTIONS} {...list.filter('status')} />
      </FilterBar>
      <ListTable
        list={list}
        data={data}
        label="Campaigns"
        columns={columns}
        loading={isFetching}
        emptyText="No campaigns found matching your criteria"
      />
      {creating && (
        <CampaignModal
          customerId={scope.customerId}
          accountId={scope.accountId}
          onClose={() => setCreating(false)}
          onSaved={(c) => navigate(campaignPath(scope.portal, c.id))}
        />
      )}
    </Stack>
  );
}
