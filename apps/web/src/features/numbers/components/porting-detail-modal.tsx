import { Anchor, Badge, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { isPortingFinal, PORTING_STATUSES, ZChangePortingStatusBody } from '@portal/contract/numbers';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { documentUrl, portingDetailQuery, useChangePortingStatus } from '../api/numbers.ts';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function DocumentList({
  requestId,
  documents,
}: {
  requestId: string;
  documents: { id: string; kind: string; fileName: string; sizeBytes: number; createdAt: string; uploadedByName: string | null }[];
}) {
  if (documents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No documents uploaded yet
      </Text>
    );
  return (
    <Stack gap={6} data-testid="porting-documents">
      {documents.map((d) => (
        <Group key={d.id} gap="xs" wrap="nowrap">
          <IconFileText size={16} />
          <Badge variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
            {d.kind}
          </Badge>
          <Anchor href={documentUrl(requestId, d.id)} download={d.fileName} size="sm">
            {d.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {kb(d.sizeBytes)} · {formatDateTime(d.createdAt)}
            {d.uploadedByName ? ` · ${d.uploadedByName}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** View Details: the request, its status timeline and documents; staff move it along (the customer is notified). */
export function PortingDetailModal({
  requestId,
  onClose,
  onUpload,
}: {
  requestId: string | null;
  onClose: () => void;
  onUpload: (id: string) => void;
}) {
  const { data } = useQuery({ ...portingDetailQuery(requestId ?? ''), enabled: Boolean(requestId) });
  const canManage = useCan('porting.manage');
  const canUpload = useCan('porting.write');
  const form = useSchemaForm(ZChangePortingStatusBody, { status: '', note: '', scheduledFor: '' });
  const change = useChangePortingStatus(requestId ?? '');
  const final = data ? isPortingFinal(data.status) : false;

  return (
    <Modal
      opened={Boolean(requestId)}
      onClose={onClose}
      title={data ? `Porting request ${data.requestCode}` : 'Porting request'}
      size="lg"
      centered
    >
      {!data ? (
        <Loader />
      ) : (
        <Stack>
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm">
              <b>Number:</b> <PhoneText value={data.number} />
            </Text>
            <Text size="sm">
              <b>Status:</b> <StatusBadge status={data.status} />
            </Text>
            <Text size="sm">
              <b>Request Date:</b> <DateText value={data.requestDate} />
            </Text>
            <Text size="sm">
              <b>Account:</b> {data.accountName}
            </Text>
            <Text size="sm">
              <b>Current carrier:</b> {data.currentCarrier ?? 'N/A'}
            </Text>
            <Text size="sm">
              <b>Scheduled for:</b> {data.scheduledFor ? <DateText value={data.scheduledFor} /> : 'N/A'}
            </Text>
          </SimpleGrid>
          <Title order={3} size="h5">
            Status timeline
          </Title>
          <Timeline active={data.events.length - 1} bulletSize={16} lineWidth={2} data-testid="porting-timeline">
            {data.events.map((e) => (
              <Timeline.Item key={e.id} title={e.status}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.createdAt)}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                </Text>
                {e.note && <Text size="sm">{e.note}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          <Group justify="space-between">
            <Title order={3} size="h5">
              Documents
            </Title>
            {canUpload && !final && (
              <Button size="xs" variant="light" onClick={() => onUpload(data.id)}>
                Upload Documents
              </Button>
            )}
          </Group>
          <DocumentList requestId={data.id} documents={data.documents} />
          {canManage && !final && (
            <SchemaForm
              form={form}
              onSubmit={(values) =>
                change.mutate(ZChangePortingStatusBody.parse(values), {
                  onSuccess: (r) => {
                    toastSuccess(`${r.requestCode} is now ${r.status}; the customer has been notified`);
                    form.reset();
                  },
                  onError: (e) => showFormError(form, e),
                })
              }
            >
              <Stack gap="xs">
                <Title order={3} size="h5">
                  Change status
                </Title>
                <Group align="flex-start">
                  <Select
                    label="New status"
                    w={200}
                    data={optionsOf(PORTING_STATUSES.filter((s) => s !== data.status))}
                    {...form.getInputProps('status')}
                  />
                  {form.getValues().status === 'Scheduled' && (
                    <DatePickerInput
                      label="FOC date"
                      placeholder="Pick a date"
                      valueFormat="MM/DD/YYYY"
                      w={160}
                      withAsterisk
                      minDate={data.requestDate.slice(0, 10)}
                      value={form.getValues().scheduledFor || null}
                      onChange={(v) => form.setFieldValue('scheduledFor', v ?? '')}
                      error={form.errors.scheduledFor}
                      popoverProps={{ withinPortal: true }}
                    />
                  )}
                  <Textarea
                    label="Note to the customer (optional)"
                    autosize
                    minRows={1}
                    style={{ flex: 1 }}
                    {...form.getInputProps('note')}
                  />
                  <Button type="submit" mt={25} disabled={!form.getValues().status} loading={change.isPending}>
                    Update Status
                  </Button>
                </Group>
              </Stack>
            </SchemaForm>
          )}
        </Stack>
      )}
    </Modal>
  );
}
