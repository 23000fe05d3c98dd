/**
 * What each tab of the Reports screen shows, as the tables of its files: the particulars, the
 * tiles as a "Figures" table, its charts' series, its tables. Pure functions of a report: no
 * database, no HTTP. The files are written from them as CSV and Excel (spreadsheets.ts) or PDF (pdf.ts).
 */
import type { TReport, TReportTab, TTrend } from '@portal/contract/reports';
import { type CellKind, dayValue, periodName, type ReportColumn, type ReportTable, reportTitle } from './report-table.ts';

const SERVICE_LABELS = { all: 'All services', sms: 'SMS', voice: 'Voice', numbers: 'Numbers' } as const;

/** The report's particulars (the first table of CSV and Excel files; the PDF prints them as its heading). */
export function reportInfo(report: TReport, tab: TReportTab): ReportTable {
  return {
    title: 'Report',
    columns: [
      { label: 'Field', kind: 'text' },
      { label: 'Value', kind: 'text', width: 3 },
    ],
    rows: [
      ['Report', reportTitle(tab)],
      ['Scope', report.scope],
      ['Period', report.period.label],
      ['Start Date', { value: dayValue(report.period.startDate), kind: 'date' }],
      ['End Date', { value: dayValue(report.period.endDate), kind: 'date' }],
      ['Time Zone', report.period.timeZone],
      ['Service', SERVICE_LABELS[report.service]],
    ],
  };
}

const FIGURE_COLUMNS: ReportColumn[] = [
  { label: 'Figure', kind: 'text', width: 2 },
  { label: 'Value', kind: 'number' },
  { label: 'Previous', kind: 'number' },
  { label: 'Change', kind: 'percent' },
];

type Figure = [label: string, kind: CellKind, value: TTrend | number | string | null];

/** The tiles of a tab: each figure with its previous period's value and the change (percent) when it has a trend. */
function figures(rows: Figure[]): ReportTable {
  return {
    title: 'Figures',
    columns: FIGURE_COLUMNS,
    rows: rows.map(([label, kind, v]) => {
      if (v === null || typeof v === 'string') return [label, v, null, null];
      if (typeof v === 'number') return [label, { value: v, kind }, null, null];
      return [label, { value: v.value, kind }, { value: v.previous, kind }, v.change];
    }),
  };
}

/** A chart's buckets: days, or months for periods beyond 90 days. */
function seriesTable(
  report: TReport,
  title: string,
  columns: { label: string; kind: CellKind; of: (p: TReport['series'][number]) => number }[],
  stacked: boolean,
): ReportTable {
  const month = report.bucket === 'month';
  return {
    title,
    columns: [{ label: month ? 'Month' : 'Date', kind: month ? 'month' : 'date' }, ...columns.map(({ label, kind }) => ({ label, kind }))],
    rows: report.series.map((p) => [p.date, ...columns.map((c) => c.of(p))]),
    chart: { stacked },
  };
}

function costSeries(report: TReport) {
  const all = [
    { label: 'SMS', kind: 'money' as const, service: 'sms', of: (p: TReport['series'][number]) => p.smsCost },
    { label: 'Voice', kind: 'money' as const, service: 'voice', of: (p: TReport['series'][number]) => p.voiceCost },
    { label: 'Numbers', kind: 'money' as const, service: 'numbers', of: (p: TReport['series'][number]) => p.numbersCost },
  ];
  return all.filter((s) => report.service === 'all' || s.service === report.service);
}

const messageActivity = (report: TReport) =>
  seriesTable(
    report,
    `Message Activity - ${periodName(report)}`,
    [
      { label: 'Delivered', kind: 'count', of: (p) => p.smsDelivered },
      { label: 'Failed', kind: 'count', of: (p) => p.smsFailed },
    ],
    true,
  );

const callActivity = (report: TReport) =>
  seriesTable(
    report,
    `Call Activity - ${periodName(report)}`,
    [
      { label: 'Completed', kind: 'count', of: (p) => p.callsCompleted },
      { label: 'Failed', kind: 'count', of: (p) => p.callsFailed },
    ],
    true,
  );

const shareTable = (
  title: string,
  what: string,
  rows: { name: string; amount: number; percent: number }[],
  kind: CellKind,
): ReportTable => ({
  title,
  columns: [
    { label: what, kind: 'text' },
    { label: kind === 'money' ? (title.startsWith('Revenue') ? 'Revenue' : 'Cost') : 'Count', kind },
    { label: 'Share', kind: 'percent' },
  ],
  rows: rows.map((r) => [r.name, r.amount, r.percent]),
});

/**
 * The tables a tab shows, in the screen's order: the tiles as "Figures", then each chart's series
 * and each table. Staff tabs (revenue, usage, performance) need the analytics: none without.
 */
export function reportTables(report: TReport, tab: TReportTab): ReportTable[] {
  const staff = report.analytics !== null;
  const o = report.overview;
  switch (tab) {
    case 'overview': {
      const costs = costSeries(report);
      return [
        figures([
          [staff ? 'Total Revenue' : 'Total Spend', 'money', o.totalSpend],
          ['SMS Delivery Rate', 'percent', o.smsDeliveryRate],
          ['Voice ASR', 'percent', o.voiceAsr],
          ['Average Latency', 'seconds', o.averageLatency],
        ]),
        seriesTable(report, 'Usage Trends', costs, true),
        shareTable(
          'Service Breakdown',
          'Service',
          o.breakdown.map((b) => ({ name: b.service, amount: b.cost, percent: b.percent })),
          'money',
        ),
        {
          title: 'Usage Detail',
          columns: [
            { label: 'Service Type', kind: 'text' },
            { label: 'Volume', kind: 'count' },
            { label: staff ? 'Revenue' : 'Cost', kind: 'money' },
            { label: 'Status', kind: 'text' },
            { label: 'Date', kind: 'date' },
          ],
          rows: o.usageDetail.map((r) => [r.service, r.volume, r.cost, r.status, r.date]),
        },
      ];
    }
    case 'sms': {
      const s = report.sms;
      return [
        figures([
          ['Messages Sent', 'count', s.messagesSent],
          ['SMS Costs', 'money', s.smsCosts],
          ['Delivery Rate', 'percent', s.deliveryRate],
          ['Avg. Latency', 'seconds', s.averageLatency],
          ['Delivered', 'count', s.delivered],
          ['Delivered (% of outbound)', 'percent', s.deliveredPercent],
          ['Failed', 'count', s.failed],
          ['Failed (% of outbound)', 'percent', s.failedPercent],
          ['Opt-out Rate', 'percent', s.optOutRate],
          ['Opt-outs', 'count', s.optOuts],
          ['Conversion Rate', 'percent', s.conversionRate],
          ['Replies', 'count', s.inbound],
        ]),
        messageActivity(report),
      ];
    }
    case 'voice': {
      const v = report.voice;
      return [
        figures([
          ['Calls Completed', 'count', v.callsCompleted],
          ['Call Duration (minutes)', 'number', v.callDuration],
          ['Voice Costs', 'money', v.voiceCosts],
          ['Answer Success Rate', 'percent', v.answerSuccessRate],
          ['Avg. Call Time (seconds)', 'number', v.averageCallTime],
          ['Failed Calls', 'count', v.failedCalls],
          ['International Calls', 'count', v.internationalCalls],
          ['Total Calls', 'count', v.totalCalls],
          ['Inbound Calls', 'count', v.inboundCalls],
        ]),
        seriesTable(report, 'Call Volume Trend', [{ label: 'Calls', kind: 'count', of: (p) => p.calls }], false),
        callActivity(report),
      ];
    }
    case 'numbers': {
      const n = report.numbers;
      return [
        figures([
          ['Active Numbers', 'count', n.activeNumbers],
          ['Monthly Fees', 'money', n.monthlyFees],
          ['Number Fees Billed', 'money', n.numberCosts],
          ['Number Utilization', 'percent', n.utilization],
          ['Porting in Progress', 'count', n.portingInProgress],
          ['Most Active Number', 'text', n.mostActiveNumber?.number ?? 'None'],
          ['Most Active Number (calls and messages)', 'count', n.mostActiveNumber?.activity ?? 0],
        ]),
        shareTable(
          'Usage by Type',
          'Type',
          n.byType.map((t) => ({ name: t.type, amount: t.count, percent: t.percent })),
          'count',
        ),
        seriesTable(report, 'Number Fees', [{ label: 'Number fees', kind: 'money', of: (p) => p.numbersCost }], false),
      ];
    }
    case 'revenue': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([['Total Revenue', 'money', o.totalSpend]]),
        shareTable(
          'Revenue by Service',
          'Service',
          a.revenueByService.map((s) => ({ name: s.service, amount: s.cost, percent: s.percent })),
          'money',
        ),
        {
          title: 'Revenue Growth',
          columns: [
            { label: 'Month', kind: 'month' },
            { label: 'Revenue', kind: 'money' },
            { label: 'Growth', kind: 'percent' },
          ],
          rows: a.revenueGrowth.map((g) => [`${g.month}-01`, g.revenue, g.growth]),
          chart: { stacked: false },
        },
        {
          title: 'Detailed Report',
          columns: [
            { label: 'Customer', kind: 'text', width: 2.4 },
            { label: 'Service', kind: 'text' },
            { label: 'Volume', kind: 'count' },
            { label: 'Revenue', kind: 'money' },
            { label: 'ASR', kind: 'percent' },
            { label: 'Date', kind: 'date' },
          ],
          rows: a.detail.map((r) => [r.customer, r.service, r.volume, r.revenue, r.asr, r.date]),
        },
      ];
    }
    case 'usage': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([
          ['Messages', 'count', a.usageTotals.messages],
          ['Calls', 'count', a.usageTotals.calls],
          ['Minutes', 'count', a.usageTotals.minutes],
          ['Active Numbers', 'count', a.usageTotals.numbers],
          ['Opt-out Rate', 'percent', a.optOutRate],
          ['Opt-outs', 'count', report.sms.optOuts],
        ]),
        {
          title: 'Top 5 Customers',
          columns: [
            { label: '#', kind: 'count', width: 0.4 },
            { label: 'Customer', kind: 'text', width: 2.6 },
            { label: 'Revenue', kind: 'money' },
            { label: 'Share', kind: 'percent' },
          ],
          rows: a.topCustomers.map((c, i) => [i + 1, c.customer, c.revenue, c.share]),
        },
        messageActivity(report),
        callActivity(report),
      ];
    }
    case 'performance': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([
          ['SMS Delivery Rate', 'percent', o.smsDeliveryRate],
          ['Voice ASR', 'percent', o.voiceAsr],
          ['Average Latency', 'seconds', o.averageLatency],
          ['Failed Calls', 'count', report.voice.failedCalls],
          ['Total Calls', 'count', report.voice.totalCalls],
        ]),
        {
          title: 'Performance by Region',
          columns: [
            { label: 'Region', kind: 'text', width: 1.6 },
            { label: 'Customers', kind: 'count' },
            { label: 'Calls', kind: 'count' },
            { label: 'ASR', kind: 'percent' },
            { label: 'Messages', kind: 'count' },
            { label: 'Delivery Rate', kind: 'percent' },
            { label: 'Revenue', kind: 'money' },
          ],
          rows: a.byRegion.map((r) => [r.region, r.customers, r.calls, r.asr, r.messages, r.deliveryRate, r.revenue]),
        },
        {
          title: 'System Health',
          columns: [
            { label: 'Service', kind: 'text', width: 2 },
            { label: 'Status', kind: 'text', width: 1.6 },
            { label: 'Uptime', kind: 'percent' },
          ],
          rows: a.systemHealth.map((s) => [s.serviceName, s.status, s.uptime]),
        },
      ];
    }
  }
}
