import { Alert, Button, FileInput, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { DNC_LIST_LABELS, DNC_LIST_TYPES, type TDncListType, type TImportDncResult, ZImportDncBody } from '@portal/contract/compliance';
import { useState } from 'react';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { useImportDnc } from '../api/compliance.ts';

/** Import CSV: lines of number,type,reason; the report lists each rejected line and why. */
export function ImportModal({ listType, staff, onClose }: { listType: TDncListType; staff: boolean; onClose: () => void }) {
  const form = useSchemaForm(ZImportDncBody, { customerId: '', listType, csv: '' });
  const run = useImportDnc();
  const [result, setResult] = useState<TImportDncResult | null>(null);
  return (
    <Modal opened onClose={onClose} title="Import CSV" size="lg">
      {result ? (
        <Stack gap="sm">
          <Alert color={result.rejected.length ? 'yellow' : 'green'} variant="light">
            {result.added} entr{result.added === 1 ? 'y' : 'ies'} added, {result.rejected.length} line
            {result.rejected.length === 1 ? '' : 's'} rejected.
          </Alert>
          {result.rejected.length > 0 && (
            <Table aria-label="Rejected lines" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rejected.map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>{r.text}</Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResult(null)}>
              Import more
            </Button>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <SchemaForm
          form={form}
          onSubmit={(v) =>
            run.mutate(
              { ...v, listType: v.listType as TDncListType, customerId: v.customerId || null },
              { onSuccess: setResult, onError: (e) => showFormError(form, e) },
            )
          }
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              One entry a line: number,type,reason (type DNC or DNO; empty for the list chosen below). A first line of headings is skipped.
            </Text>
            {staff && <CustomerSelect label="Customer" withAsterisk {...form.getInputProps('customerId')} />}
            <Select
              label="List for lines without a type"
              allowDeselect={false}
              data={DNC_LIST_TYPES.map((t) => ({ value: t, label: DNC_LIST_LABELS[t] }))}
              {...form.getInputProps('listType')}
            />
            <FileInput
              label="CSV file"
              accept=".csv,text/csv"
              placeholder="Choose a file, or paste below"
              onChange={(file) => void file?.text().then((text) => form.setFieldValue('csv', text))}
            />
            <Textarea label="Lines" autosize minRows={4} maxRows={12} {...form.getInputProps('csv')} />
            <FormActions onCancel={onClose} pending={run.isPending} submitLabel="Import" />
          </Stack>
        </SchemaForm>
      )}
    </Modal>
  );
}
