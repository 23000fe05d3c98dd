import { Modal, Paper, Select, Stack, TextInput } from '@mantine/core';
import { OPT_OUT_KEYWORDS, type TOptOut, ZOptOutBody } from '@portal/contract/messaging-consent';
import { IconMessageCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, SearchFilter } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { optOutListQuery, useAddOptOut, useRemoveOptOut } from '../api/messaging.ts';

type Scope = { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean };

const FILTERS = { search: '' };

/** Add Opt-out: the account (unless the screen is one account's), the number and the keyword it replied. */
function AddOptOutModal({ scope, onClose }: { scope: Scope; onClose: () => void }) {
  const staff = usePortalScope().portal === 'admin';
  const form = useSchemaForm(ZOptOutBody, { accountId: scope.accountId ?? '', number: '', keyword: 'STOP' });
  const add = useAddOptOut();
  return (
    <Modal opened onClose={onClose} title="Add Opt-out" centered>
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          add.mutate(ZOptOutBody.parse(v), {
            onSuccess: (o) => {
              toastSuccess(`${o.number} opted out of ${o.accountName}`);
              onClose();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          {!scope.accountId && (
            <AccountPicker
              label="Account"
              customerId={scope.customerId}
              withCustomer={staff && !scope.customerId}
              withAsterisk
              {...form.getInputProps('accountId')}
            />
          )}
          <TextInput label="Number" withAsterisk data-autofocus placeholder="(212) 555-0123" {...form.getInputProps('number')} />
          <Select label="Keyword" data={[...OPT_OUT_KEYWORDS]} allowDeselect={false} {...form.getInputProps('keyword')} />
          <FormActions onCancel={onClose} pending={add.isPending} submitLabel="Add Opt-out" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** Opt-outs tab: the numbers that replied STOP (or were opted out by hand), with Add Opt-out and Opt back in for those who may write. */
export function OptOutsTab({ scope }: { scope: Scope }) {
  const list = useListState({ filters: FILTERS, prefix: 'opt' });
  const { data, isFetching, isPlaceholderData } = useQuery(
    optOutListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }),
  );
  const canWrite = useCan('messaging.write');
  const remove = useRemoveOptOut();
  const { confirm, dialog } = useConfirm();
  const [adding, setAdding] = useState(false);

  async function onOptIn(o: TOptOut) {
    if (
      !(await confirm({
        title: 'Opt back in',
        message: `Opt ${o.number} back in to messages from ${o.accountName}? Only do this when the person asked for it.`,
        confirmLabel: 'Opt back in',
      }))
    )
      return;
    remove.mutate(o.id, { onSuccess: () => toastSuccess(`${o.number} opted back in`), onError: (e) => toastError(e) });
  }

  const columns: Column<TOptOut>[] = [
    { key: 'number', header: 'Number', kind: 'figure', render: (o) => <PhoneText value={o.number} /> },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 200, render: (o: TOptOut) => o.accountName }]
      : []),
    { key: 'keyword', header: 'Keyword', nowrap: true, render: (o) => o.keyword },
    { key: 'source', header: 'Source', nowrap: true, render: (o) => o.source },
    { key: 'date', header: 'Date', kind: 'figure', render: (o) => <DateText value={o.createdAt} format="datetime" /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar actions={canWrite && <AddButton onClick={() => setAdding(true)}>Add Opt-out</AddButton>}>
          <SearchFilter label="Number" placeholder="Search by number" {...list.filter('search')} />
        </FilterBar>
        <ListTable
          list={list}
          data={data}
          label="Opt-outs"
          columns={columns}
          loading={isFetching && (!data || isPlaceholderData)}
          emptyText="No opt-outs found matching your criteria"
          rowActions={
            canWrite
              ? (o) => (
                  <RowAction label="Opt back in" name={o.number} icon={<IconMessageCheck size={17} />} onClick={() => void onOptIn(o)} />
                )
              : undefined
          }
        />
      </Stack>
      {adding && <AddOptOutModal scope={scope} onClose={() => setAdding(false)} />}
      {dialog}
    </Paper>
  );
}
