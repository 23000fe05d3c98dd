import { Button, Group, Select } from '@mantine/core';
import { REPORT_SERVICES, type TReportPeriod, type TReportService } from '@portal/contract/reports';
import { useEffect, useState } from 'react';
import { ALL_CUSTOMERS, CustomerSelect } from '../../../ui/customer-select.tsx';
import { DayFilter } from '../../../ui/record-list.tsx';
import { checkCustomRange, periodOptions, type ReportPortal, type ReportState } from './report-params.ts';

const SERVICE_LABELS: Record<TReportService, string> = { all: 'All Services', sms: 'SMS', voice: 'Voice', numbers: 'Numbers' };
const SERVICE_OPTIONS = REPORT_SERVICES.map((s) => ({ value: s, label: SERVICE_LABELS[s] }));

/**
 * The report's period (a Custom Range opens two day pickers and Apply, enabled with both days in
 * order), its service and, for staff, the customer ('all' by default). Changes go to the URL.
 */
export function ReportFilters({
  portal,
  state,
  update,
}: {
  portal: ReportPortal;
  state: ReportState;
  update: (changes: Partial<ReportState>) => void;
}) {
  // The custom range is edited here until Apply; the report keeps its period meanwhile.
  const [custom, setCustom] = useState(state.period === 'custom');
  const [start, setStart] = useState(state.startDate);
  const [end, setEnd] = useState(state.endDate);
  useEffect(() => {
    setCustom(state.period === 'custom');
    setStart(state.startDate);
    setEnd(state.endDate);
  }, [state.period, state.startDate, state.endDate]);
  const check = checkCustomRange(start, end);
  const applied = state.period === 'custom' && start === state.startDate && end === state.endDate;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="report-filters">
      <Select
        label="Period"
        w={160}
        allowDeselect={false}
        data={periodOptions(portal)}
        value={custom ? 'custom' : state.period}
        onChange={(v) => {
          if (!v) return;
          if (v === 'custom') setCustom(true);
          else update({ period: v as TReportPeriod, startDate: '', endDate: '' });
        }}
      />
      {custom && (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <DayFilter placeholder="MM/DD/YYYY" label="Start Date" value={start} onChange={setStart} error={check.startError} />
          <DayFilter placeholder="MM/DD/YYYY" label="End Date" value={end} onChange={setEnd} error={check.endError} />
          <Button
            mt={25}
            disabled={!check.canApply || applied}
            onClick={() => update({ period: 'custom', startDate: start, endDate: end })}
          >
            Apply
          </Button>
        </Group>
      )}
      <Select
        label="Service"
        w={140}
        allowDeselect={false}
        data={SERVICE_OPTIONS}
        value={state.service}
        onChange={(v) => update({ service: (v ?? 'all') as TReportService })}
      />
      {portal === 'admin' && <ReportCustomerSelect value={state.customerId} onChange={(customerId) => update({ customerId })} />}
    </Group>
  );
}

/** Staff: whose figures, searchable by name or customer ID, with 'All customers' first ('' is every customer). */
export function ReportCustomerSelect({ value, onChange }: { value: string; onChange: (customerId: string) => void }) {
  return (
    <CustomerSelect
      label="Customer"
      placeholder="Search customers..."
      allLabel="All customers"
      w={260}
      allowDeselect={false}
      value={value || ALL_CUSTOMERS}
      onChange={(v) => onChange(!v || v === ALL_CUSTOMERS ? '' : v)}
    />
  );
}
