import { Alert, Modal, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  BRAND_ENTITY_TYPES,
  BRAND_FIELD_LABELS,
  BRAND_VERTICALS,
  type TBrand,
  type TBrandField,
  ZBrandBody,
} from '@portal/contract/messaging';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCreateBrand, useUpdateBrand } from '../api/messaging.ts';

const initial = (b?: TBrand, customerId?: string) => ({
  customerId: b?.customerId ?? customerId ?? '',
  name: b?.name ?? '',
  legalName: b?.legalName ?? '',
  taxId: b?.taxId ?? '',
  entityType: b?.entityType ?? '',
  vertical: b?.vertical ?? '',
  website: b?.website ?? '',
  supportEmail: b?.supportEmail ?? '',
  supportPhone: b?.supportPhone ?? '',
  street: b?.street ?? '',
  city: b?.city ?? '',
  state: b?.state ?? '',
  postalCode: b?.postalCode ?? '',
  description: b?.description ?? '',
});

/**
 * Register Brand (or correct a rejected one): what the campaign registry asks of a company. A
 * rejected brand opens with the reviewer's reason on the field at fault.
 */
export function BrandModal({
  brand,
  customerId,
  staffPicksCustomer,
  onClose,
}: {
  brand?: TBrand;
  customerId?: string | undefined;
  staffPicksCustomer: boolean;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZBrandBody, initial(brand, customerId));
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const pending = create.isPending || update.isPending;
  const field = (key: TBrandField) => {
    const props = form.getInputProps(key);
    // the reviewer's reason shows on the field it names until the user edits it
    if (brand?.rejectionField === key && !props.error && !form.isDirty(key)) return { ...props, error: brand.rejectionReason };
    return props;
  };
  return (
    <Modal opened onClose={onClose} title={brand ? 'Correct and Resubmit Brand' : 'Register Brand'} size="lg">
      <SchemaForm
        form={form}
        onSubmit={(v) => {
          const body = { ...v, customerId: v.customerId || undefined } as Parameters<typeof create.mutate>[0];
          const done = {
            onSuccess: () => {
              toastSuccess(brand ? 'Brand resubmitted for review' : 'Brand registered: it is pending review');
              onClose();
            },
            onError: (e: unknown) => showFormError(form, e),
          };
          if (brand) update.mutate({ id: brand.id, body }, done);
          else create.mutate(body, done);
        }}
      >
        <Stack gap="sm">
          {brand?.status === 'Rejected' && brand.rejectionReason && (
            <Alert color="red" variant="light" title="Rejected">
              {brand.rejectionField ? `${BRAND_FIELD_LABELS[brand.rejectionField]}: ` : ''}
              {brand.rejectionReason}
            </Alert>
          )}
          {staffPicksCustomer && <CustomerSelect label="Customer" withAsterisk {...form.getInputProps('customerId')} />}
          <TextInput
            label="Brand Name"
            withAsterisk
            data-autofocus
            description="The name people see in your messages"
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={BRAND_FIELD_LABELS.legalName} withAsterisk {...field('legalName')} />
            <TextInput label={BRAND_FIELD_LABELS.taxId} withAsterisk placeholder="12-3456789" {...field('taxId')} />
            <Select label={BRAND_FIELD_LABELS.entityType} withAsterisk data={[...BRAND_ENTITY_TYPES]} {...field('entityType')} />
            <Select label={BRAND_FIELD_LABELS.vertical} withAsterisk searchable data={[...BRAND_VERTICALS]} {...field('vertical')} />
            <TextInput label={BRAND_FIELD_LABELS.website} withAsterisk placeholder="https://example.com" {...field('website')} />
            <TextInput label={BRAND_FIELD_LABELS.supportEmail} withAsterisk {...field('supportEmail')} />
            <TextInput label={BRAND_FIELD_LABELS.supportPhone} withAsterisk {...field('supportPhone')} />
          </SimpleGrid>
          <Title order={2} size="h5" mt="xs">
            Address
          </Title>
          <TextInput label={BRAND_FIELD_LABELS.street} withAsterisk {...field('street')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={BRAND_FIELD_LABELS.city} withAsterisk {...field('city')} />
            <TextInput label={BRAND_FIELD_LABELS.state} withAsterisk {...field('state')} />
            <TextInput label={BRAND_FIELD_LABELS.postalCode} withAsterisk {...field('postalCode')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <FormActions onCancel={onClose} pending={pending} submitLabel={brand ? 'Resubmit Brand' : 'Register Brand'} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
