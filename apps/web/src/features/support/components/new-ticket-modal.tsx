import { FileInput, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TTicket, ZCreateTicketBody, ZTicketAttachmentFile } from '@portal/contract/support';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useCreateTicket, useUploadAttachment } from '../api/support.ts';
import { FILE_ACCEPT, FILE_HINT } from './ticket-attachments.tsx';

const EMPTY = { subject: '', description: '', priority: 'Medium', category: 'General', accountId: '', file: null as File | null };
/** The ticket's fields and an optional file, checked as the server checks them. */
const ZNewTicket = ZCreateTicketBody.extend({ file: ZTicketAttachmentFile.nullable() });

/** Submit Ticket (customer Support Center and the dashboard quick link): subject and description required. */
export function NewTicketModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (t: TTicket) => void }) {
  const form = useSchemaForm(ZNewTicket, EMPTY);
  const create = useCreateTicket();
  // the file goes to the ticket once it exists (the upload is its own request, as on the ticket page)
  const attach = useUploadAttachment();
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
                const submitted = `Ticket ${t.ticketId} submitted. We will reply by email and here.`;
                const file = v.file;
                form.reset();
                if (!file) {
                  toastSuccess(submitted);
                  onCreated(t);
                  return;
                }
                attach.mutate(
                  { ticketId: t.id, file },
                  {
                    onSuccess: (withFile) => {
                      toastSuccess(submitted);
                      onCreated(withFile);
                    },
                    // the ticket is there: open it and say why the file is not
                    onError: (e) => {
                      toastError(e);
                      onCreated(t);
                    },
                  },
                );
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
          <FileInput
            label="Attachment (optional)"
            placeholder={FILE_HINT}
            accept={FILE_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            {...form.getInputProps('file')}
          />
          <FormActions onCancel={close} pending={create.isPending || attach.isPending} submitLabel="Submit Ticket" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
