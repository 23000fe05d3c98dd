import { Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TTicket, ZCreateTicketBody } from '@portal/contract/support';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCreateTicket } from '../api/support.ts';

const EMPTY = { subject: '', description: '', priority: 'Medium', category: 'General', accountId: '' };

/** Submit Ticket (customer Support Center and the dashboard quick link): subject and description required. */
export function NewTicketModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (t: TTicket) => void }) {
  const form = useSchemaForm(ZCreateTicketBody, EMPTY);
  const create = useCreateTicket();
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Submit Ticket" size="lg">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          create.mutate(
            {
              subject: v.subject,
              description: v.description,
              priority: v.priority as (typeof TICKET_PRIORITIES)[number],
              category: v.category as (typeof TICKET_CATEGORIES)[number],
              accountId: v.accountId || null,
            },
            {
              onSuccess: (t) => {
                toastSuccess(`Ticket ${t.ticketId} submitted. We will reply by email and here.`);
                form.reset();
                onCreated(t);
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <TextInput label="Subject" withAsterisk data-autofocus {...form.getInputProps('subject')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label="Priority" allowDeselect={false} data={[...TICKET_PRIORITIES]} {...form.getInputProps('priority')} />
            <Select label="Category" allowDeselect={false} data={[...TICKET_CATEGORIES]} {...form.getInputProps('category')} />
            <AccountPicker label="Sub-account" placeholder="Any (optional)" {...form.getInputProps('accountId')} />
          </SimpleGrid>
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={5}
            maxRows={12}
            placeholder="What happened, when, and the numbers, calls or messages it concerns"
            {...form.getInputProps('description')}
          />
          <FormActions onCancel={close} pending={create.isPending} submitLabel="Submit Ticket" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
