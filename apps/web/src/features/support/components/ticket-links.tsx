import { Anchor, Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import {
  TICKET_LINK_KINDS,
  TICKET_LINK_LABELS,
  TICKET_LINK_REFERENCES,
  type TTicket,
  type TTicketLink,
  type TTicketLinkKind,
  ZTicketLinkBody,
} from '@portal/contract/support';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useAddLink, useRemoveLink } from '../api/support.ts';
import { TicketItemList } from './ticket-item-list.tsx';

/** The browser's own day of a time: the record lists filter by days of the browser's time zone. */
function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Where a linked record is shown: the numbers list searched for the number, the CDR and message
 * lists filtered to the call's or message's numbers and day (they have no id filter), the invoice
 * drawer. Null once the record is no longer the company's.
 */
export function recordHref(portal: 'admin' | 'customer', link: TTicketLink): string | null {
  if (!link.available) return null;
  const query = (params: Record<string, string | null>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  const day = link.at ? localDay(link.at) : null;
  switch (link.kind) {
    case 'number':
      return `/${portal}/numbers?${query({ search: link.label })}`;
    case 'cdr':
      return `/${portal}/voice?${query({ tab: 'cdrs', cdrFrom: link.from, cdrTo: link.to, cdrStartDate: day, cdrEndDate: day })}`;
    case 'message':
      return `/${portal}/messaging?${query({ tab: 'messages', msgFrom: link.from, msgTo: link.to, msgStartDate: day, msgEndDate: day })}`;
    case 'invoice':
      return `/${portal}/billing/invoices?${query({ invoice: link.recordId })}`;
  }
}

function LinkLabel({ link }: { link: TTicketLink }) {
  if (link.kind === 'number') return <PhoneText value={link.label} size="sm" fw={500} style={{ flexShrink: 0 }} />;
  return (
    <Text span size="sm" fw={500} ff="monospace" truncate="end" maw={300} title={link.label} style={{ flexShrink: 0 }}>
      {link.label}
    </Text>
  );
}

function LinkDetail({ link }: { link: TTicketLink }) {
  if (!link.available)
    return (
      <Text span size="xs" c="dimmed">
        No longer available
      </Text>
    );
  if (!link.from || !link.to || !link.at) return null;
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      <PhoneText value={link.from} /> → <PhoneText value={link.to} /> · {formatDateTime(link.at)}
    </Text>
  );
}

const EMPTY = { kind: 'number' as TTicketLinkKind, reference: '' };

/** Linked Records: the number, calls, messages and invoices the ticket is about, each opening its own screen. */
export function TicketLinks({ ticket, portal, canEdit }: { ticket: TTicket; portal: 'admin' | 'customer'; canEdit: boolean }) {
  const add = useAddLink(ticket.id);
  const remove = useRemoveLink(ticket.id);
  const form = useSchemaForm(ZTicketLinkBody, EMPTY);
  const { confirm, dialog } = useConfirm();
  const kind = form.getValues().kind;

  async function onRemove(link: TTicketLink) {
    const what = `${TICKET_LINK_LABELS[link.kind]} ${link.label}`;
    if (!(await confirm({ title: 'Unlink record', message: `Unlink ${what} from ${ticket.ticketId}?`, confirmLabel: 'Unlink' }))) return;
    remove.mutate(link.id, { onSuccess: () => toastSuccess(`${what} unlinked`), onError: (e) => toastError(e) });
  }

  return (
    <TicketItemList
      title="Linked Records"
      emptyText="No linked records"
      testId="ticket-links"
      items={ticket.links}
      remove={canEdit ? { label: (l) => `Unlink ${l.label}`, onClick: (l) => void onRemove(l) } : undefined}
      row={(l) => {
        const href = recordHref(portal, l);
        return (
          <>
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              {TICKET_LINK_LABELS[l.kind]}
            </Badge>
            <LinkLabel link={l} />
            <LinkDetail link={l} />
            {href && (
              <Anchor component={Link} to={href} size="sm" aria-label={`Open ${TICKET_LINK_LABELS[l.kind]} ${l.label}`}>
                <Group gap={4} wrap="nowrap">
                  Open <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
          </>
        );
      }}
    >
      {canEdit && (
        <SchemaForm
          form={form}
          onSubmit={(v) =>
            add.mutate(v, {
              onSuccess: () => {
                toastSuccess(`${TICKET_LINK_LABELS[v.kind]} linked`);
                form.setValues({ kind: v.kind, reference: '' });
              },
              onError: (e) => showFormError(form, e),
            })
          }
        >
          <Group align="flex-start" gap="sm">
            <Select
              label="Record"
              w={160}
              allowDeselect={false}
              data={TICKET_LINK_KINDS.map((k) => ({ value: k, label: TICKET_LINK_LABELS[k] }))}
              {...form.getInputProps('kind')}
            />
            <TextInput
              label="Reference"
              placeholder={TICKET_LINK_REFERENCES[kind]}
              style={{ flex: 1, minWidth: 200 }}
              {...form.getInputProps('reference')}
            />
            <Button type="submit" mt={25} variant="light" leftSection={<IconLink size={16} />} loading={add.isPending}>
              Link Record
            </Button>
          </Group>
        </SchemaForm>
      )}
      {dialog}
    </TicketItemList>
  );
}
