import { Alert, Button, Checkbox, Group, List, Modal, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { CAMPAIGN_USE_CASES, campaignWarnings, type TCampaignDetail, ZCampaignBody } from '@portal/contract/messaging';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { brandListQuery, useCreateCampaign, useUpdateCampaign } from '../api/messaging.ts';

const FLAGS = [
  ['embeddedLinks', 'Embedded links'],
  ['embeddedPhone', 'Embedded phone numbers'],
  ['numberPooling', 'Number pooling'],
  ['ageGated', 'Age-gated content'],
  ['directLending', 'Direct lending or loan arrangement'],
] as const;

const initial = (c: TCampaignDetail | undefined, accountId: string | undefined) => ({
  accountId: c?.accountId ?? accountId ?? '',
  brandId: c?.brandId ?? '',
  name: c?.name ?? '',
  useCase: c?.useCase ?? '',
  description: c?.description ?? '',
  messageFlow: c?.messageFlow ?? '',
  sampleMessages: c?.sampleMessages.length ? [...c.sampleMessages] : [''],
  optInKeywords: c?.optInKeywords ?? 'START',
  optInMessage: c?.optInMessage ?? '',
  optOutKeywords: c?.optOutKeywords ?? 'STOP',
  optOutMessage: c?.optOutMessage ?? '',
  helpKeywords: c?.helpKeywords ?? 'HELP',
  helpMessage: c?.helpMessage ?? '',
  embeddedLinks: c?.embeddedLinks ?? false,
  embeddedPhone: c?.embeddedPhone ?? false,
  numberPooling: c?.numberPooling ?? false,
  ageGated: c?.ageGated ?? false,
  directLending: c?.directLending ?? false,
});

/**
 * Create Campaign (or correct and resubmit one): the registry's registration, checked as the user
 * types for what the registry commonly rejects, before anything is sent.
 */
export function CampaignModal({
  campaign,
  customerId,
  accountId,
  onClose,
  onSaved,
}: {
  campaign?: TCampaignDetail;
  customerId?: string | undefined;
  /** Inside an account: the campaign's account is fixed. */
  accountId?: string | undefined;
  onClose: () => void;
  onSaved?: (c: TCampaignDetail) => void;
}) {
  const form = useSchemaForm(ZCampaignBody, initial(campaign, accountId));
  // staff looking across customers pick "Customer — Account" and "Customer — Brand"
  const acrossCustomers = usePortalScope().portal === 'admin' && !customerId && !campaign;
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const { confirm, dialog } = useConfirm();
  const brands = useQuery(brandListQuery({ customerId: campaign?.customerId ?? customerId, status: 'Approved', pageSize: 100, page: 1 }));
  const brandOptions = (brands.data?.items ?? []).map((b) => ({
    value: b.id,
    label: acrossCustomers ? `${b.customerName} — ${b.name}` : b.name,
  }));
  const values = form.getValues();
  const brandName = brands.data?.items.find((b) => b.id === values.brandId)?.name ?? null;
  const warnings = campaignWarnings(values, brandName);
  const samples = values.sampleMessages;

  async function submit(v: typeof values) {
    if (
      warnings.length &&
      !(await confirm({
        title: 'Submit with warnings?',
        message: `${warnings.length} ${warnings.length === 1 ? 'check has' : 'checks have'} not passed. Campaigns with these problems are often rejected by the registry.`,
        confirmLabel: 'Submit anyway',
      }))
    )
      return;
    const body = v as Parameters<typeof create.mutate>[0];
    const done = {
      onSuccess: (c: TCampaignDetail) => {
        toastSuccess(campaign ? `${c.name} resubmitted for review` : `${c.name} submitted: 10DLC ID ${c.campaignCode}`);
        onSaved?.(c);
        onClose();
      },
      onError: (e: unknown) => showFormError(form, e),
    };
    if (campaign) update.mutate({ id: campaign.id, body }, done);
    else create.mutate(body, done);
  }

  return (
    <Modal opened onClose={onClose} title={campaign ? 'Correct and Resubmit Campaign' : 'Create Campaign'} size="xl">
      <SchemaForm form={form} onSubmit={(v) => void submit(v)}>
        <Stack gap="sm">
          {campaign?.status === 'Rejected' && campaign.rejectionReason && (
            <Alert color="red" variant="light" title="Rejected">
              {campaign.rejectionReason}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {!accountId && (
              <AccountPicker
                label="Account"
                withAsterisk
                customerId={campaign?.customerId ?? customerId}
                withCustomer={acrossCustomers}
                value={values.accountId}
                onChange={(v) => form.setFieldValue('accountId', v)}
                error={form.errors.accountId}
              />
            )}
            <Select
              label="Brand"
              withAsterisk
              searchable
              data={brandOptions}
              nothingFoundMessage="No approved brands"
              {...form.getInputProps('brandId')}
            />
            <TextInput label="Campaign Name" withAsterisk {...form.getInputProps('name')} />
            <Select label="Use Case" withAsterisk data={[...CAMPAIGN_USE_CASES]} {...form.getInputProps('useCase')} />
          </SimpleGrid>
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={2}
            description="What the campaign sends and why"
            {...form.getInputProps('description')}
          />
          <Textarea
            label="Message Flow (opt-in)"
            autosize
            minRows={2}
            description="Where people give their number and what they agree to"
            {...form.getInputProps('messageFlow')}
          />
          <Title order={2} size="h5" mt="xs">
            Sample Messages
          </Title>
          {samples.map((_, i) => (
            <Textarea
              // the samples are a fixed-order list the user edits in place
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here
              key={i}
              label={`Sample ${i + 1}`}
              withAsterisk={i === 0}
              autosize
              minRows={2}
              {...form.getInputProps(`sampleMessages.${i}`)}
            />
          ))}
          {form.errors.sampleMessages && (
            <Alert color="red" variant="light">
              {form.errors.sampleMessages}
            </Alert>
          )}
          {samples.length < 5 && (
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('sampleMessages', '')}
              >
                Add sample
              </Button>
            </Group>
          )}
          {warnings.length > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Check before submitting" aria-live="polite">
              <List size="sm" spacing={2}>
                {warnings.map((w) => (
                  <List.Item key={`${w.field}:${w.message}`}>{w.message}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Alert color="green" variant="light" aria-live="polite">
              The samples name the brand, say how to opt out and match the use case.
            </Alert>
          )}
          <Title order={2} size="h5" mt="xs">
            Keywords and Replies
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Opt-in Keywords" {...form.getInputProps('optInKeywords')} />
            <TextInput label="Opt-in Reply" {...form.getInputProps('optInMessage')} />
            <TextInput label="Opt-out Keywords" {...form.getInputProps('optOutKeywords')} />
            <TextInput label="Opt-out Reply" {...form.getInputProps('optOutMessage')} />
            <TextInput label="Help Keywords" {...form.getInputProps('helpKeywords')} />
            <TextInput label="Help Reply" {...form.getInputProps('helpMessage')} />
          </SimpleGrid>
          <Title order={2} size="h5" mt="xs">
            Content
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
            {FLAGS.map(([key, label]) => (
              <Checkbox key={key} label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
            ))}
          </SimpleGrid>
          <FormActions
            onCancel={onClose}
            pending={create.isPending || update.isPending}
            submitLabel={campaign ? 'Resubmit Campaign' : 'Submit Campaign'}
          />
        </Stack>
      </SchemaForm>
      {dialog}
    </Modal>
  );
}
