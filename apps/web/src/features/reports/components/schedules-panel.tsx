import { Button, Switch, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REPORT_FORMAT_LABELS, type TReportSchedule, ZReportScheduleInput } from '@portal/contract/reports';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { reportSchedulesQuery, useDeleteSchedule, useUpdateSchedule } from '../api/reports.ts';
import { Panel } from './panels.tsx';
import { REPORT_TABS, type ReportPortal } from './report-params.ts';
import { FREQUENCY_LABELS, ScheduleModal, type ScheduleValues } from './schedule-modal.tsx';

const tabLabel = (portal: ReportPortal, tab: string) => REPORT_TABS[portal].find(([t]) => t === tab)?.[1] ?? tab;

/** A schedule's fields as the update body takes them. */
const inputOf = (s: TReportSchedule) =>
  ZReportScheduleInput.parse({
    name: s.name,
    frequency: s.frequency,
    format: s.format,
    tab: s.tab,
    service: s.service,
    customerId: s.customerId ?? '',
    recipients: s.recipients,
    active: s.active,
  });

/**
 * Scheduled reports (staff admins, account managers and billing; customer admins): the list with
 * next run and last outcome, create and edit in a dialog, pause or resume with the switch, delete after confirming.
 */
export function SchedulesPanel({ portal, defaults }: { portal: ReportPortal; defaults: Partial<ScheduleValues> }) {
  const { data, isLoading, error } = useQuery(reportSchedulesQuery);
  const update = useUpdateSchedule();
  const remove = useDeleteSchedule();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<TReportSchedule | null>(null);
  const [opened, setOpened] = useState(false);
  // below a tablet's width the customer and recipients go under the name, so that Next Run, Last Run and Active stay in view
  const narrow = useMediaQuery('(max-width: 48em)');
  const staff = portal === 'admin';

  const open = (s: TReportSchedule | null) => {
    setEditing(s);
    setOpened(true);
  };
  const toggle = (s: TReportSchedule) =>
    update.mutate(
      { id: s.id, body: { ...inputOf(s), active: !s.active } },
      { onSuccess: () => toastSuccess(s.active ? `${s.name} paused` : `${s.name} resumed`), onError: (e) => toastError(e) },
    );
  async function del(s: TReportSchedule) {
    if (!(await confirm({ title: 'Delete schedule', message: `Delete the scheduled report '${s.name}'? It will no longer be sent.` })))
      return;
    remove.mutate(s.id, { onSuccess: () => toastSuccess('Schedule deleted'), onError: (e) => toastError(e) });
  }

  const columns: Column<TReportSchedule>[] = [
    {
      key: 'name',
      header: 'Name',
      kind: 'name',
      maxWidth: staff ? 220 : 260,
      // the name over what is sent and how often, so that the table fits a 1280 screen; on a narrow
      // one, whose report and to whom as well (their columns left out)
      render: (s) => (
        <>
          <Text span inherit display="block" title={s.name}>
            {s.name}
          </Text>
          <Text span size="xs" c="dimmed" display="block">
            {FREQUENCY_LABELS[s.frequency]} · {tabLabel(portal, s.tab)} · {REPORT_FORMAT_LABELS[s.format]}
          </Text>
          {narrow && (
            <Text span size="xs" c="dimmed" display="block">
              {staff && `${s.customerName ?? 'All customers'} · `}
              {s.recipients.join(', ')}
            </Text>
          )}
        </>
      ),
    },
    ...(staff && !narrow
      ? [
          {
            key: 'customer',
            header: 'Customer',
            kind: 'name' as const,
            maxWidth: 160,
            render: (s: TReportSchedule) => s.customerName ?? 'All customers',
          },
        ]
      : []),
    ...(narrow
      ? []
      : [
          {
            key: 'recipients',
            header: 'Recipients',
            kind: 'name' as const,
            // wider where there is no Customer column
            maxWidth: staff ? 180 : 240,
            render: (s: TReportSchedule) => s.recipients.join(', '),
          },
        ]),
    {
      key: 'next',
      header: 'Next Run',
      kind: 'figure',
      render: (s) => (s.active ? <DateText value={s.nextRunAt} format="stacked" /> : '—'),
    },
    {
      key: 'last',
      header: 'Last Run',
      kind: 'figure',
      render: (s) =>
        s.lastError ? (
          <Tooltip label={s.lastError} multiline w={260}>
            <Text span c="red" size="sm" tabIndex={0}>
              Failed
            </Text>
          </Tooltip>
        ) : s.lastRunAt ? (
          <DateText value={s.lastRunAt} format="stacked" />
        ) : (
          'Never'
        ),
    },
    {
      key: 'active',
      header: 'Active',
      render: (s) => (
        <Switch
          checked={s.active}
          onChange={() => toggle(s)}
          aria-label={`${s.active ? 'Pause' : 'Resume'} ${s.name}`}
          disabled={update.isPending}
        />
      ),
    },
  ];

  return (
    <Panel
      title="Scheduled Reports"
      actions={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
          New Schedule
        </Button>
      }
    >
      <DataTable
        label="Scheduled Reports"
        columns={columns}
        rows={data}
        loading={isLoading}
        skeletonRows={2}
        emptyText={error ? 'The scheduled reports could not be loaded' : 'No scheduled reports'}
        rowActions={(s) => (
          <>
            <RowAction label="Edit" name={s.name} icon={<IconPencil size={16} />} onClick={() => open(s)} />
            <RowAction label="Delete" name={s.name} color="red" icon={<IconTrash size={16} />} onClick={() => void del(s)} />
          </>
        )}
      />
      <ScheduleModal opened={opened} onClose={() => setOpened(false)} schedule={editing} portal={portal} defaults={defaults} />
      {dialog}
    </Panel>
  );
}
