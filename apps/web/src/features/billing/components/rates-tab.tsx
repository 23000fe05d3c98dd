import { Alert, Button, FileInput, Group, List, Modal, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type TRateDeck, type TRateDeckBody, type TRatePrefix, ZRateDeckBody } from '@portal/contract/billing';
import { IconFileImport, IconList, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, SearchFilter } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SegmentedField } from '../../../ui/segmented-field.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import {
  rateDecksQuery,
  rateListQuery,
  type TRateImportResult,
  useCreateRateDeck,
  useDeleteRateDeck,
  useImportRates,
} from '../api/billing.ts';
import { DefaultBadge } from './default-badge.tsx';

/** How many of an import's rejected lines are listed. */
const SHOWN_ERRORS = 10;

/** Who a deck prices: the default deck everyone without one, else a customer (or one of its accounts). */
export function deckOwner(d: Pick<TRateDeck, 'isDefault' | 'customerName' | 'accountName'>): string {
  if (d.accountName) return d.customerName ? `${d.customerName} — ${d.accountName}` : d.accountName;
  if (d.customerName) return d.customerName;
  return d.isDefault ? 'Everyone without a deck' : 'Not assigned';
}

/** New Deck: a name, optionally the customer (and account) it prices, and the inbound rate a minute. */
function NewDeckModal({ onClose, onCreated }: { onClose: () => void; onCreated: (deck: TRateDeck) => void }) {
  const form = useSchemaForm(ZRateDeckBody, { name: '', customerId: '', accountId: '', inboundRatePerMinute: 0 });
  const create = useCreateRateDeck();
  const v = form.getValues();
  return (
    <Modal opened onClose={onClose} title="New Deck" size="md">
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          create.mutate({ ...values, customerId: values.customerId || null, accountId: values.accountId || null } as TRateDeckBody, {
            onSuccess: (deck) => {
              toastSuccess(`${deck.name} created`);
              onCreated(deck);
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <CustomerSelect
            label="Customer"
            description="Optional: the customer this deck prices"
            placeholder="No customer"
            clearable
            {...form.getInputProps('customerId')}
            onChange={(id) => {
              form.setFieldValue('customerId', id ?? '');
              form.setFieldValue('accountId', '');
            }}
          />
          {v.customerId && (
            <AccountPicker
              label="Account"
              placeholder="All of the customer's accounts"
              customerId={v.customerId}
              value={v.accountId ?? ''}
              onChange={(id) => form.setFieldValue('accountId', id)}
              error={form.errors.accountId}
            />
          )}
          <NumberInput
            label="Inbound rate a minute"
            withAsterisk
            leftSection="$"
            decimalScale={4}
            min={0}
            step={0.001}
            {...form.getInputProps('inboundRatePerMinute')}
            onChange={(n) => form.setFieldValue('inboundRatePerMinute', (typeof n === 'number' ? n : n === '' ? '' : Number(n)) as number)}
          />
          <FormActions onCancel={onClose} pending={create.isPending} submitLabel="Create Deck" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** Import CSV: a file read in the browser (prefix,description,rate_per_minute,increments,effective_date), merged or replacing. */
function ImportRatesModal({ deck, onClose }: { deck: TRateDeck; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TRateImportResult | null>(null);
  const run = useImportRates();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) {
      setProblem('Choose a CSV file');
      return;
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setProblem('The file could not be read');
      return;
    }
    if (!csv.trim()) {
      setProblem('The file is empty');
      return;
    }
    run.mutate({ id: deck.id, csv, mode }, { onSuccess: setResult, onError: (err) => toastError(err) });
  }

  return (
    <Modal opened onClose={onClose} title={`Import CSV: ${deck.name}`} size="lg">
      {result ? (
        <Stack gap="sm">
          <Alert color={result.errors.length ? 'yellow' : 'green'} variant="light" role="status">
            {result.imported.toLocaleString('en-US')} rates imported
            {result.errors.length > 0
              ? `, ${result.errors.length.toLocaleString('en-US')} line${result.errors.length === 1 ? '' : 's'} rejected`
              : ''}
          </Alert>
          {result.errors.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {result.errors.length > SHOWN_ERRORS ? `The first ${SHOWN_ERRORS} errors` : 'Errors'}
              </Text>
              <List size="sm" spacing={2}>
                {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
                  <List.Item key={`${e.line}-${e.message}`}>
                    Line {e.line}: {e.message}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              One rate a line: prefix,description,rate_per_minute,increments,effective_date (e.g. 44,United
              Kingdom,0.0120,60/60,2026-01-01). A first line of headings is skipped.
            </Text>
            <FileInput
              label="CSV file"
              withAsterisk
              accept=".csv,text/csv"
              placeholder="Choose a file"
              value={file}
              onChange={(f) => {
                setFile(f);
                setProblem(null);
              }}
              error={problem}
            />
            <SegmentedField
              label="Mode"
              value={mode}
              onChange={(m) => setMode(m as 'merge' | 'replace')}
              data={[
                { value: 'merge', label: 'Merge' },
                { value: 'replace', label: 'Replace' },
              ]}
              hint={
                mode === 'merge'
                  ? "Merge: the file's prefixes are added, and override the deck's same prefixes."
                  : "Replace: the deck's prefixes are all replaced by the file's."
              }
            />
            <FormActions onCancel={onClose} pending={run.isPending} submitLabel="Import" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

const RATE_FILTERS = { search: '' };

/** One deck's rates: prefix search, paged (its own list keys, rateSearch/ratePage). */
function DeckRates({ deck }: { deck: TRateDeck }) {
  const list = useListState({ filters: RATE_FILTERS, prefix: 'rate' });
  const { data, isFetching } = useQuery(rateListQuery(deck.id, list.query));
  const columns: Column<TRatePrefix>[] = [
    { key: 'prefix', header: 'Prefix', kind: 'id', render: (r) => r.prefix },
    { key: 'description', header: 'Description', kind: 'name', maxWidth: 280, render: (r) => r.description },
    { key: 'rate', header: 'Rate/Min', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.ratePerMinute} rate /> },
    { key: 'increments', header: 'Increments', kind: 'figure', render: (r) => r.increments },
    { key: 'effectiveFrom', header: 'Effective From', kind: 'figure', render: (r) => <DateText value={r.effectiveFrom} /> },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <SectionTitle>Rates: {deck.name}</SectionTitle>
        <FilterBar>
          <SearchFilter label="Search" placeholder="Prefix or destination" w={240} {...list.filter('search')} />
        </FilterBar>
        <ListTable
          list={list}
          data={data}
          label={`Rates of ${deck.name}`}
          columns={columns}
          rowKey={(r) => `${r.prefix}-${r.effectiveFrom}`}
          loading={isFetching}
          emptyText="No rates found matching your criteria"
        />
      </Stack>
    </Paper>
  );
}

/**
 * Rates (staff with billing.manage): the rate decks (the default deck and customers' or accounts'
 * own), New Deck, Import CSV, Delete (not the default); the chosen deck's rates under the list (?deck=).
 */
export function RatesTab() {
  const { data: decks, isFetching } = useQuery(rateDecksQuery);
  const [params, setParams] = useSearchParams();
  const remove = useDeleteRateDeck();
  const { confirm, dialog } = useConfirm();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<TRateDeck | null>(null);
  const deckId = params.get('deck') ?? decks?.find((d) => d.isDefault)?.id ?? decks?.[0]?.id ?? '';
  const shown = decks?.find((d) => d.id === deckId);

  const showDeck = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('deck', id);
        next.delete('rateSearch');
        next.delete('ratePage');
        return next;
      },
      { replace: true },
    );

  async function onDelete(d: TRateDeck) {
    if (
      !(await confirm({
        title: 'Delete rate deck',
        message: `Delete ${d.name} and its ${d.prefixCount.toLocaleString('en-US')} rates? This is permanent.`,
      }))
    )
      return;
    remove.mutate(d.id, { onSuccess: () => toastSuccess(`${d.name} deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TRateDeck>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={d.id === deckId ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
            {d.name}
          </Text>
          {d.isDefault && <DefaultBadge />}
        </Group>
      ),
    },
    { key: 'owner', header: 'Customer / Account', kind: 'name', maxWidth: 260, render: deckOwner },
    {
      key: 'inbound',
      header: 'Inbound Rate/Min',
      kind: 'figure',
      align: 'right',
      render: (d) => <MoneyText value={d.inboundRatePerMinute} rate />,
    },
    { key: 'prefixes', header: 'Prefixes', kind: 'figure', align: 'right', render: (d) => d.prefixCount.toLocaleString('en-US') },
    { key: 'updated', header: 'Updated', kind: 'figure', render: (d) => <DateText value={d.updatedAt} /> },
  ];

  return (
    <Stack gap="md">
      <FilterBar actions={<AddButton onClick={() => setCreating(true)}>New Deck</AddButton>}>
        <Text size="sm" c="dimmed">
          Calls are rated with the account's deck, else the customer's, else the default deck.
        </Text>
      </FilterBar>
      <DataTable
        label="Rate decks"
        columns={columns}
        rows={decks}
        loading={isFetching}
        emptyText="No rate decks found"
        onRowClick={(d) => showDeck(d.id)}
        rowActions={(d) => (
          <>
            <RowAction label="Rates" name={d.name} icon={<IconList size={16} />} onClick={() => showDeck(d.id)} />
            <RowAction label="Import CSV" name={d.name} icon={<IconFileImport size={16} />} onClick={() => setImporting(d)} />
            {!d.isDefault && (
              <RowAction label="Delete" name={d.name} color="red" icon={<IconTrash size={16} />} onClick={() => void onDelete(d)} />
            )}
          </>
        )}
      />
      {shown && <DeckRates key={shown.id} deck={shown} />}
      {creating && (
        <NewDeckModal
          onClose={() => setCreating(false)}
          onCreated={(d) => {
            setCreating(false);
            showDeck(d.id);
          }}
        />
      )}
      {importing && <ImportRatesModal deck={importing} onClose={() => setImporting(null)} />}
      {dialog}
    </Stack>
  );
}
