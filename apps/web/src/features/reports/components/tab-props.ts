import type { TReport } from '@portal/contract/reports';
import { formatDate } from '../../../lib/format.ts';
import type { DrillTarget } from './drill-down.ts';
import type { ChartBucket } from './report-chart.tsx';
import type { ReportPortal } from './report-params.ts';

export type ReportTabProps = {
  report: TReport;
  portal: ReportPortal;
  /** Opens the records behind a chart's bucket. */
  onDrill: (target: DrillTarget, bucket: ChartBucket) => void;
};

/** The period as a chart title names it: 'Last 30 Days', or the custom range's days. */
export const periodName = (report: TReport) =>
  report.period.period === 'custom' ? `${formatDate(report.period.startDate)} - ${formatDate(report.period.endDate)}` : report.period.label;
