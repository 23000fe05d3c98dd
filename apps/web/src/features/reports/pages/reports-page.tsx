import { Alert, Box, Stack, Tabs, Text } from '@mantine/core';
import type { TReportTab } from '@portal/contract/reports';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan, useSession } from '../../../lib/session.ts';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import { RecordLoading } from '../../../ui/record-states.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { reportExportUrl, reportQuery } from '../api/reports.ts';
import { CdrExportTab } from '../components/cdr-export-tab.tsx';
import { drillDownPath } from '../components/drill-down.ts';
import { ExportMenu } from '../components/export-menu.tsx';
import { NumbersTab } from '../components/numbers-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { REPORT_TABS, reportRequestOf, useReportState } from '../components/report-params.ts';
import { SchedulesPanel } from '../components/schedules-panel.tsx';
import { SmsTab } from '../components/sms-tab.tsx';
import { PerformanceTab, RevenueTab, UsageTab } from '../components/staff-tabs.tsx';
import type { ReportTabProps } from '../components/tab-props.ts';
import { VoiceTab } from '../components/voice-tab.tsx';

const TAB_CONTENT: Record<TReportTab, (props: ReportTabProps) => ReactNode> = {
  overview: OverviewTab,
  sms: SmsTab,
  voice: VoiceTab,
  numbers: NumbersTab,
  revenue: RevenueTab,
  usage: UsageTab,
  performance: PerformanceTab,
};

const EXTENSIONS = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' } as const;

/**
 * Reports (/customer/reports) and Reports & Analytics (/admin/reports): one page, the portal
 * choosing the tabs (customers Overview, SMS, Voice, Numbers, CDR Export; staff Overview, Revenue
 * Analysis, Usage Metrics, Performance, CDR). Tab, period, custom dates, service and (staff) customer
 * live in the URL; every figure comes from the server's report for them; Export downloads the tab
 * as on screen; scheduled reports for those allowed to schedule.
 */
export function ReportsPage() {
  const { portal } = usePortalScope();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const user = useSession().data?.user;
  const canSchedule = useCan('reports.schedule');
  const { state, update } = useReportState(portal);
  const request = reportRequestOf(state);
  const onCdr = state.tab === 'cdr';
  const { data: report, error, isFetching, isPlaceholderData } = useQuery({ ...reportQuery(request), enabled: !onCdr });
  const reportTab = onCdr ? null : (state.tab as TReportTab);
  const Content = reportTab ? TAB_CONTENT[reportTab] : null;

  return (
    <Stack gap="md">
      <Stack gap={2} miw={0}>
        <PageTitle>{title}</PageTitle>
        {report && !onCdr && (
          <Text size="sm" c="dimmed" data-testid="report-period">
            {report.scope} · {formatDate(report.period.startDate)} - {formatDate(report.period.endDate)}, compared with{' '}
            {formatDate(report.period.previousStartDate)} - {formatDate(report.period.previousEndDate)}
          </Text>
        )}
      </Stack>

      <Tabs value={state.tab} onChange={(t) => t && update({ tab: t as typeof state.tab })} keepMounted={false}>
        <Tabs.List mb="md">
          {REPORT_TABS[portal].map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack gap="md">
          {!onCdr && (
            <FilterBar
              actions={
                reportTab && (
                  <ExportMenu
                    disabled={!report}
                    url={(format) => reportExportUrl(request, reportTab, format)}
                    fallbackName={(format) => `report-${reportTab}.${EXTENSIONS[format]}`}
                  />
                )
              }
            >
              <ReportFilters portal={portal} state={state} update={update} />
            </FilterBar>
          )}
          {onCdr ? (
            <CdrExportTab portal={portal} customerId={state.customerId} onCustomerChange={(customerId) => update({ customerId })} />
          ) : error && !report ? (
            <Alert color="red" title="The report could not be loaded">
              {error.message}
            </Alert>
          ) : !report || !Content ? (
            <RecordLoading label="Loading report..." />
          ) : (
            <Box
              style={{ opacity: isFetching && isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              aria-busy={isFetching && isPlaceholderData}
              data-testid="report-content"
            >
              <Content report={report} portal={portal} onDrill={(target, bucket) => navigate(drillDownPath(portal, target, bucket))} />
            </Box>
          )}
        </Stack>
      </Tabs>

      {canSchedule && (
        <SchedulesPanel
          portal={portal}
          defaults={{
            tab: reportTab ?? 'overview',
            service: state.service,
            customerId: state.customerId,
            recipients: user?.email ? [user.email] : [],
          }}
        />
      )}
    </Stack>
  );
}
