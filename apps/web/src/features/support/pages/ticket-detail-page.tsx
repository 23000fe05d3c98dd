import { Badge, Button, Checkbox, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TTicket,
  type TUpdateTicketBody,
  ZTicketAttachmentFile,
  ZTicketCommentBody,
} from '@portal/contract/support';
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { formatRelativeTime, formatStamp } from '../../../lib/format.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { DetailField } from '../../../ui/detail-field.tsx';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { BackButton, MissingRecord, RecordLoading } from '../../../ui/record-states.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { assigneesQuery, ticketQuery, useReplyToTicket, useUpdateTicket, useUploadAttachment } from '../api/support.ts';
import { AttachmentLink, FILE_ACCEPT, FILE_HINT, TicketAttachments } from '../components/ticket-attachments.tsx';
import { TicketLinks } from '../components/ticket-links.tsx';
import { PriorityBadge, TicketStatusBadge } from '../components/ticket-status.tsx';

/** The first-response target: met (and how fast), due, or overdue. */
function FirstResponse({ ticket }: { ticket: TTicket }) {
  const due = new Date(ticket.firstResponseDueAt);
  if (ticket.firstResponseAt) {
    const minutes = Math.round((new Date(ticket.firstResponseAt).getTime() - new Date(ticket.createdAt).getTime()) / 60_000);
    const took = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
    return (
      <Group gap={6} wrap="wrap">
        <Text span size="sm">
          Answered in {took}
        </Text>
        <Badge size="sm" variant="light" style={{ flexShrink: 0 }} color={new Date(ticket.firstResponseAt) <= due ? 'green' : 'orange'}>
          {new Date(ticket.firstResponseAt) <= due ? 'On target' : 'Late'}
        </Badge>
      </Group>
    );
  }
  const overdue = due.getTime() < Date.now();
  return (
    <Group gap={6} wrap="wrap">
      <Text span size="sm">
        Due {formatStamp(due)}
      </Text>
      {overdue && ['open', 'in-progress', 'pending'].includes(ticket.status) && (
        <Badge size="sm" variant="light" style={{ flexShrink: 0 }} color="red">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

/** Staff: status, priority and assignee, each saved when changed. */
function StaffControls({ ticket }: { ticket: TTicket }) {
  const update = useUpdateTicket(ticket.id);
  const assignees = useQuery(assigneesQuery);
  const save = (body: TUpdateTicketBody, what: string) =>
    update.mutate(body, { onSuccess: () => toastSuccess(`${ticket.ticketId}: ${what}`), onError: (e) => toastError(e) });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label="Status"
        allowDeselect={false}
        data={optionsOf(TICKET_STATUSES, { label: statusLabel })}
        value={ticket.status}
        onChange={(v) => v && v !== ticket.status && save({ status: v as TTicket['status'] }, `status set to ${statusLabel(v)}`)}
      />
      <Select
        label="Priority"
        allowDeselect={false}
        data={[...TICKET_PRIORITIES]}
        value={ticket.priority}
        onChange={(v) => v && v !== ticket.priority && save({ priority: v as TTicket['priority'] }, `priority set to ${v}`)}
      />
      <Select
        label="Assigned To"
        placeholder="Unassigned"
        clearable
        searchable
        data={(assignees.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.role})` }))}
        value={ticket.assignedTo?.id ?? null}
        onChange={(v) =>
          (v ?? null) !== (ticket.assignedTo?.id ?? null) && save({ assignedToId: v ?? null }, v ? 'assigned' : 'unassigned')
        }
      />
    </SimpleGrid>
  );
}

const ZReply = ZTicketCommentBody.extend({ file: ZTicketAttachmentFile.nullable() });

/** A reply (staff: or an internal note) with an optional file that goes with it (a note's file is internal). */
function ReplyForm({ ticket, staff }: { ticket: TTicket; staff: boolean }) {
  const form = useSchemaForm(ZReply, { body: '', internal: false, file: null as File | null });
  const reply = useReplyToTicket(ticket.id);
  const attach = useUploadAttachment();
  if (!staff && ticket.status === 'closed') {
    return <Text c="dimmed">This ticket is closed. Please open a new ticket.</Text>;
  }
  return (
    <SchemaForm
      form={form}
      onSubmit={({ file, ...v }) =>
        reply.mutate(v, {
          onSuccess: (updated) => {
            const sent = v.internal ? 'Internal note added' : 'Reply sent';
            form.reset();
            // the new reply is the thread's last: the file goes with it
            const mine = updated.comments.at(-1);
            if (!file || !mine) return toastSuccess(sent);
            attach.mutate(
              { ticketId: ticket.id, file, commentId: mine.id },
              {
                onSuccess: () => toastSuccess(`${sent} with ${file.name}`),
                onError: (e) => toastError(e),
              },
            );
          },
          onError: (e) => showFormError(form, e),
        })
      }
    >
      <Stack gap="sm">
        <Textarea label="Reply" autosize minRows={3} maxRows={10} {...form.getInputProps('body')} />
        <FileInput
          label="Attach a file (optional)"
          placeholder={FILE_HINT}
          accept={FILE_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          maw={420}
          {...form.getInputProps('file')}
        />
        <Group justify="space-between">
          {staff ? (
            <Checkbox label="Internal note (not shown to the customer)" {...form.getInputProps('internal', { type: 'checkbox' })} />
          ) : (
            <Text size="xs" c="dimmed">
              {ticket.status === 'resolved' ? 'Replying reopens this ticket.' : 'Support is told of your reply.'}
            </Text>
          )}
          <Button type="submit" loading={reply.isPending || attach.isPending}>
            {form.getValues().internal ? 'Add Note' : 'Send Reply'}
          </Button>
        </Group>
      </Stack>
    </SchemaForm>
  );
}

/** /customer/support/tickets/{id} and /admin/support/tickets/{id}: the ticket, its thread and a reply box. */
export function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  const { portal } = usePortalScope();
  const staff = portal === 'admin';
  const canManage = useCan('support.write');
  const canCreate = useCan('tickets.create');
  const navigate = useNavigate();
  const { data: ticket, isPending, error } = useQuery(ticketQuery(ticketId));
  const back = () => void navigate(`/${portal}/support`);

  if (isPending) return <RecordLoading label="Loading ticket..." />;
  if (!ticket) {
    return <MissingRecord noun="ticket" error={error} back={{ label: 'Back to Support', onClick: back }} />;
  }

  // files and links: whoever may write on tickets, but a closed ticket takes nothing more from the customer
  const canWrite = canCreate && (staff || ticket.status !== 'closed');

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <BackButton onClick={back} style={{ flexShrink: 0 }} />
        <Title order={1} size="h2" style={{ minWidth: 0 }}>
          {ticket.ticketId}: {ticket.subject}
        </Title>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          <DetailField label="Status">
            <TicketStatusBadge status={ticket.status} />
          </DetailField>
          <DetailField label="Priority">
            <PriorityBadge priority={ticket.priority} />
          </DetailField>
          {staff ? (
            <DetailField label="Customer">{ticket.customerName}</DetailField>
          ) : (
            <DetailField label="Category">{ticket.category}</DetailField>
          )}
          <DetailField label="Account">{ticket.accountName ?? 'Any'}</DetailField>
          <DetailField label="Created">{formatStamp(ticket.createdAt)}</DetailField>
          <DetailField label="First Response">
            <FirstResponse ticket={ticket} />
          </DetailField>
        </SimpleGrid>
        {staff && canManage && (
          <Stack mt="lg">
            <StaffControls ticket={ticket} />
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {ticket.createdBy ?? 'Customer'}{' '}
              <Text span size="xs" c="dimmed" title={formatStamp(ticket.createdAt)}>
                {formatRelativeTime(ticket.createdAt)}
              </Text>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {ticket.description}
            </Text>
          </Stack>
          {ticket.comments.map((c) => (
            <Paper
              key={c.id}
              p="sm"
              radius="sm"
              bg={c.internal ? 'yellow.0' : c.author?.staff ? 'blue.0' : 'gray.0'}
              aria-label={`${c.internal ? 'Internal note' : 'Reply'} from ${c.author?.name ?? 'a former user'}`}
            >
              <Text size="sm" fw={600}>
                {c.author?.name ?? 'Former user'}
                {c.author?.staff && !staff ? ' (Support)' : ''}
                {c.internal ? ' · Internal note' : ''}{' '}
                <Text span size="xs" c="dimmed" fw={400} title={formatStamp(c.createdAt)}>
                  {formatRelativeTime(c.createdAt)}
                </Text>
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.body}
              </Text>
              {ticket.attachments
                .filter((f) => f.commentId === c.id)
                .map((f) => (
                  <Group key={f.id} gap={6} mt={4} wrap="nowrap">
                    <IconPaperclip size={14} style={{ flexShrink: 0 }} />
                    <AttachmentLink ticketId={ticket.id} file={f} />
                  </Group>
                ))}
            </Paper>
          ))}
          {(staff ? canManage : true) && <ReplyForm ticket={ticket} staff={staff} />}
        </Stack>
      </Paper>
      <TicketAttachments ticket={ticket} canUpload={canWrite} />
      <TicketLinks ticket={ticket} portal={portal} canEdit={canWrite} />
    </Stack>
  );
}
