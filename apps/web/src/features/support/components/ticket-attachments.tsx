import { Anchor, Badge, Button, FileInput, Group, Text } from '@mantine/core';
import { TICKET_ATTACHMENT_TYPES, type TTicket, type TTicketAttachment, ZTicketAttachmentFile } from '@portal/contract/support';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { attachmentUrl, useDeleteAttachment, useUploadAttachment } from '../api/support.ts';
import { TicketItemList } from './ticket-item-list.tsx';

export const FILE_HINT = 'PDF, PNG or JPEG, up to 10 MB';
export const FILE_ACCEPT = TICKET_ATTACHMENT_TYPES.join(',');
const size = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** A file's name as its download (the server answers it as an attachment of its stored type). */
export function AttachmentLink({ ticketId, file }: { ticketId: string; file: TTicketAttachment }) {
  return (
    <Anchor
      href={attachmentUrl(ticketId, file.id)}
      download={file.fileName}
      size="sm"
      truncate="end"
      maw={320}
      title={file.fileName}
      style={{ flexShrink: 0 }}
    >
      {file.fileName}
    </Anchor>
  );
}

const ZUpload = z.object({ file: ZTicketAttachmentFile });

/**
 * Attachments: every file of the ticket and its replies (customers never see an internal note's),
 * downloads for both sides, upload where the caller may still write, removal for staff.
 */
export function TicketAttachments({ ticket, canUpload }: { ticket: TTicket; canUpload: boolean }) {
  const canRemove = useCan('support.write');
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment(ticket.id);
  const form = useSchemaForm(ZUpload, { file: null as File | null });
  const { confirm, dialog } = useConfirm();

  async function onRemove(file: TTicketAttachment) {
    if (!(await confirm({ title: 'Remove file', message: `Remove ${file.fileName} from ${ticket.ticketId}?`, confirmLabel: 'Remove' })))
      return;
    remove.mutate(file.id, { onSuccess: () => toastSuccess(`${file.fileName} removed`), onError: (e) => toastError(e) });
  }

  return (
    <TicketItemList
      title="Attachments"
      emptyText="No files attached"
      testId="ticket-attachments"
      items={ticket.attachments}
      remove={canRemove ? { label: (f) => `Remove ${f.fileName}`, onClick: (f) => void onRemove(f) } : undefined}
      row={(f) => (
        <>
          <IconFileText size={16} style={{ flexShrink: 0 }} />
          <AttachmentLink ticketId={ticket.id} file={f} />
          {f.internal && (
            <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0 }}>
              Internal
            </Badge>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {size(f.sizeBytes)} · {formatDateTime(f.createdAt)}
            {f.uploadedBy ? ` · ${f.uploadedBy.name}` : ''}
          </Text>
        </>
      )}
    >
      {canUpload && (
        <SchemaForm
          form={form}
          onSubmit={({ file }) => {
            if (!file) return;
            upload.mutate(
              { ticketId: ticket.id, file },
              {
                onSuccess: () => {
                  toastSuccess(`${file.name} attached`);
                  form.setFieldValue('file', null);
                },
                onError: (e) => showFormError(form, e),
              },
            );
          }}
        >
          <Group align="flex-start" gap="sm">
            <FileInput
              label="Attach a file"
              description={FILE_HINT}
              placeholder="Choose a file"
              accept={FILE_ACCEPT}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              style={{ flex: 1, minWidth: 200 }}
              {...form.getInputProps('file')}
            />
            <Button type="submit" mt={45} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </SchemaForm>
      )}
      {dialog}
    </TicketItemList>
  );
}
