import { Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  MESSAGE_TYPES,
  TEMPLATE_STATUSES,
  type TMessageType,
  type TTemplate,
  type TTemplateStatus,
  ZTemplateBody,
} from '@portal/contract/messaging';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePortalScope } from '../../../lib/scope.ts';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SegmentedField } from '../../../ui/segmented-field.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { pricesQuery, useCreateTemplate, useUpdateTemplate } from '../api/messaging.ts';
import { SegmentCounter } from './segment-counter.tsx';

type TemplateValues = {
  customerId: string;
  /** null: the template serves every account of the company. */
  accountId: string | null;
  name: string;
  type: TMessageType;
  status: TTemplateStatus;
  body: string;
};

const CHOOSE_CUSTOMER = 'Choose a customer';

function valuesOf(template: TTemplate | null, customerId: string | undefined, accountId: string | undefined): TemplateValues {
  return {
    customerId: template?.customerId ?? customerId ?? '',
    // an edit keeps the template's account (or none): the body's accountId is what the server stores
    accountId: template ? template.accountId : (accountId ?? null),
    name: template?.name ?? '',
    type: template?.type ?? 'SMS',
    status: template?.status ?? 'Draft',
    body: template?.body ?? '',
  };
}

/** Create or edit a message template: name, type, status and the message, with its live segment count and cost. */
export function TemplateModal({
  opened,
  onClose,
  template,
  customerId,
  accountId,
}: {
  opened: boolean;
  onClose: () => void;
  /** null: a new template. */
  template: TTemplate | null;
  /** The customer of the screen (staff on a customer's page; always set for customer users). */
  customerId?: string | undefined;
  /** The account of the screen: a new template is that account's, and its prices are shown. */
  accountId?: string | undefined;
}) {
  const staff = usePortalScope().portal === 'admin';
  const form = useSchemaForm<TemplateValues>(ZTemplateBody, valuesOf(template, customerId, accountId));
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const values = form.getValues();
  const prices = useQuery({ ...pricesQuery(values.accountId ?? accountId), enabled: opened });
  // staff looking across customers choose the customer of a new template
  const pickCustomer = staff && !template && !customerId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(template, customerId, accountId));
    form.reset();
  }, [opened, template, customerId, accountId]);

  function submit(v: TemplateValues) {
    if (pickCustomer && !v.customerId) {
      form.setFieldError('customerId', CHOOSE_CUSTOMER);
      return;
    }
    const done = {
      onSuccess: () => {
        toastSuccess(template ? 'Template saved' : 'Template created');
        onClose();
      },
      onError: (e: unknown) => showFormError(form, e),
    };
    const body = ZTemplateBody.parse(v);
    if (template) update.mutate({ id: template.id, body }, done);
    else create.mutate(body, done);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={template ? `Edit ${template.name}` : 'Create Template'} size="lg" centered>
      <SchemaForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          {pickCustomer && (
            <CustomerSelect
              label="Customer"
              placeholder="Search customers"
              withAsterisk
              {...form.getInputProps('customerId')}
              onChange={(v) => form.setFieldValue('customerId', v ?? '')}
            />
          )}
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group grow align="flex-start">
            <SegmentedField
              label="Type"
              data={[...MESSAGE_TYPES]}
              value={values.type}
              onChange={(v) => form.setFieldValue('type', v as TMessageType)}
            />
            <Select label="Status" data={[...TEMPLATE_STATUSES]} allowDeselect={false} {...form.getInputProps('status')} />
          </Group>
          <Stack gap={6}>
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={4}
              maxRows={12}
              description="Use {{variable}} for the parts filled in when sending, e.g. Hi {{first_name}}"
              {...form.getInputProps('body')}
            />
            <SegmentCounter body={values.body} type={values.type} prices={prices.data} />
          </Stack>
          <FormActions
            onCancel={onClose}
            pending={create.isPending || update.isPending}
            submitLabel={template ? 'Save' : 'Create Template'}
          />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
