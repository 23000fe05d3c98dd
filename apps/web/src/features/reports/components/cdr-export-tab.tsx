import { Alert, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { REPORT_FORMAT_LABELS, type TReportFormat, ZReportCdrExportQuery } from '@portal/contract/reports';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DayFilter } from '../../../ui/record-list.tsx';
import { cdrExportUrl } from '../api/reports.ts';
import { ExportMenu } from './export-menu.tsx';
import { RecentExports } from './recent-exports.tsx';
import { ReportCustomerSelect } from './report-filters.tsx';
import type { ReportPortal } from './report-params.ts';

const COLUMNS = ['Call Date/Time', 'Source Number', 'Destination Number', 'Duration', 'Status', 'Cost'];

/**
 * The CDR export: Start and End date, 'Export as CSV' (staff also PDF and Excel) enabled once both
 * dates are set and in order. A large range is made as a job: a notice says so, and the file shows
 * in Recent exports (with its link when ready; the user is notified too).
 */
export function CdrExportTab({
  portal,
  customerId,
  onCustomerChange,
}: {
  portal: ReportPortal;
  /** Staff: whose CDRs ('' for every customer). */
  customerId: string;
  onCustomerChange: (customerId: string) => void;
}) {
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [queued, setQueued] = useState(false);
  const check = ZReportCdrExportQuery.safeParse({ startDate, endDate });
  const both = Boolean(startDate && endDate);
  const endError = both && !check.success ? check.error.issues[0]?.message : undefined;
  const formats: TReportFormat[] = portal === 'admin' ? ['csv', 'xlsx', 'pdf'] : ['csv'];

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Export Call Detail Records
          </Title>
          <Text size="sm" c="dimmed">
            Choose the days to export (the end date is included). The file covers:
          </Text>
          <List size="sm" c="dimmed" withPadding styles={{ root: { columns: 2, maxWidth: 480 } }}>
            {COLUMNS.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {portal === 'admin' && <ReportCustomerSelect value={customerId} onChange={onCustomerChange} />}
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <DayFilter placeholder="MM/DD/YYYY" label="Start Date" value={startDate} onChange={setStart} />
              <DayFilter placeholder="MM/DD/YYYY" label="End Date" value={endDate} onChange={setEnd} error={endError} />
            </Group>
            <ExportMenu
              formats={formats}
              disabled={!both || !check.success}
              buttonLabel={(f) => `Export as ${REPORT_FORMAT_LABELS[f]}`}
              url={(format) => cdrExportUrl({ startDate, endDate, format, ...(customerId ? { customerId } : {}) })}
              fallbackName={(f) => `cdrs-${startDate}-to-${endDate}.${f}`}
              onQueued={() => setQueued(true)}
            />
          </Group>
          {queued && (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} withCloseButton onClose={() => setQueued(false)} title="Export queued">
              The file is being prepared. You will be notified when it is ready; it will appear under Recent exports with its download link.
            </Alert>
          )}
        </Stack>
      </Paper>
      <RecentExports />
    </Stack>
  );
}
