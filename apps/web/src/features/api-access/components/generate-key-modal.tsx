import { Checkbox, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { API_SCOPE_LABELS, API_SCOPES, type TApiKeyCreated, ZApiKeyBody } from '@portal/contract/api-access';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { isFreshCodeCancelled, useFreshTwoFactor } from '../../../ui/fresh-two-factor.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SegmentedField } from '../../../ui/segmented-field.tsx';
import { ShownOnceModal } from '../../../ui/shown-once.tsx';
import { useCreateApiKey } from '../api/api-access.ts';

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The whole key, shown once with a copy button and the warning that it cannot be shown again. */
export function KeyCreatedModal({ created, onClose }: { created: TApiKeyCreated; onClose: () => void }) {
  return (
    <ShownOnceModal
      title="API Key Generated"
      warning="Copy this key now. For your security it is stored only as a hash and cannot be shown again."
      value={created.key}
      testId="new-api-key"
      onClose={onClose}
    >
      <Text size="sm">
        {created.name} · {created.environment} · {created.accountName}
      </Text>
    </ShownOnceModal>
  );
}

/** Generate API Key: name, environment, account, optional expiry, scopes and IP allowlist. */
export function GenerateKeyModal({
  customerId,
  accountId,
  staffAcrossCustomers,
  onClose,
  onCreated,
}: {
  customerId?: string | undefined;
  accountId?: string | undefined;
  staffAcrossCustomers: boolean;
  onClose: () => void;
  onCreated: (k: TApiKeyCreated) => void;
}) {
  const form = useSchemaForm(ZApiKeyBody, {
    accountId: accountId ?? '',
    name: '',
    environment: 'Production',
    expiresOn: '',
    scopes: [] as string[],
    ipAllowlist: [] as string[],
  });
  const create = useCreateApiKey();
  const fresh = useFreshTwoFactor();
  const v = form.getValues();
  const tomorrow = new Date(Date.now() + 86_400_000);
  return (
    <Modal opened onClose={onClose} title="Generate API Key" size="lg">
      {fresh.modal}
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          // a user with two-factor on confirms with a fresh code (asked only when the server wants one)
          fresh
            .run((twoFactorCode) =>
              create.mutateAsync({ ...values, expiresOn: values.expiresOn || null, twoFactorCode } as Parameters<typeof create.mutate>[0]),
            )
            .then(onCreated, (e: unknown) => {
              if (!isFreshCodeCancelled(e)) showFormError(form, e);
            })
        }
      >
        <Stack gap="sm">
          <TextInput label="Key Name" withAsterisk data-autofocus placeholder="e.g. Production server" {...form.getInputProps('name')} />
          {!accountId && (
            <AccountPicker
              label="Account"
              withAsterisk
              customerId={customerId}
              withCustomer={staffAcrossCustomers}
              value={v.accountId}
              onChange={(id) => form.setFieldValue('accountId', id)}
              error={form.errors.accountId}
            />
          )}
          <SegmentedField
            label="Environment"
            data={['Production', 'Development']}
            value={v.environment}
            onChange={(e) => form.setFieldValue('environment', e as 'Production')}
            hint="Development keys send through the sandbox: nothing reaches a handset."
          />
          <DatePickerInput
            label="Expires"
            description="Optional: the key stops working after this day"
            placeholder="Never"
            clearable
            minDate={day(tomorrow)}
            valueFormat="MM/DD/YYYY"
            value={v.expiresOn || null}
            onChange={(d) => form.setFieldValue('expiresOn', d ?? '')}
            error={form.errors.expiresOn}
          />
          <Checkbox.Group
            label="Scopes"
            description="Leave all unticked for a key that may use every operation"
            value={v.scopes}
            onChange={(s) => form.setFieldValue('scopes', s)}
          >
            <SimpleGrid cols={2} spacing={6} mt={6}>
              {API_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={`${API_SCOPE_LABELS[s]} (${s})`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea
            label="IP Allowlist"
            description="Optional: one address or CIDR block a line; the key is refused from anywhere else"
            autosize
            minRows={2}
            value={v.ipAllowlist.join('\n')}
            onChange={(e) =>
              form.setFieldValue(
                'ipAllowlist',
                e.currentTarget.value
                  .split(/\n/)
                  .map((x) => x.trim())
                  .filter(Boolean),
              )
            }
            error={Object.entries(form.errors).find(([k]) => k.startsWith('ipAllowlist'))?.[1]}
          />
          <FormActions onCancel={onClose} pending={create.isPending} submitLabel="Generate Key" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
