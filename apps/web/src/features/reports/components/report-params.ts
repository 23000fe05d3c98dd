import {
  REPORT_PERIOD_LABELS,
  REPORT_SERVICES,
  type TReportPeriod,
  type TReportService,
  type TReportTab,
  ZReportQuery,
} from '@portal/contract/reports';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportRequest } from '../api/reports.ts';

export type ReportPortal = 'admin' | 'customer';
export type ReportTabValue = TReportTab | 'cdr';

/** Each portal's tabs and their names (customer spec: overview, sms, voice, numbers, CDR export; admin 2.11). */
export const REPORT_TABS: Record<ReportPortal, readonly (readonly [ReportTabValue, string])[]> = {
  customer: [
    ['overview', 'Overview'],
    ['sms', 'SMS'],
    ['voice', 'Voice'],
    ['numbers', 'Numbers'],
    ['cdr', 'CDR Export'],
  ],
  admin: [
    ['overview', 'Overview'],
    ['revenue', 'Revenue Analysis'],
    ['usage', 'Usage Metrics'],
    ['performance', 'Performance'],
    ['cdr', 'CDR'],
  ],
};

/**
 * The periods each portal offers: customers Last 30 Days, Last 90 Days, Last Year and a custom
 * range; staff (the analytics variant) the calendar ones too. 'last30days' is the same 30 days as
 * '30days', so it is not offered twice (a link with it opens '30days').
 */
export const REPORT_PERIOD_CHOICES: Record<ReportPortal, readonly TReportPeriod[]> = {
  customer: ['30days', '90days', '1year', 'custom'],
  admin: ['today', 'yesterday', 'last7days', '30days', 'thisMonth', 'lastMonth', '90days', '1year', 'custom'],
};

export const periodOptions = (portal: ReportPortal) =>
  REPORT_PERIOD_CHOICES[portal].map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }));

export const DEFAULT_PERIOD: TReportPeriod = '30days';

/** What the URL says the page shows; anything it spells wrongly reads as the default. */
export type ReportState = {
  tab: ReportTabValue;
  period: TReportPeriod;
  /** Set with a custom period only. */
  startDate: string;
  endDate: string;
  service: TReportService;
  /** Staff: one customer ('' for every customer). */
  customerId: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks a custom range as the server will: both days, in order, at most 3 years. */
export function checkCustomRange(startDate: string, endDate: string): { canApply: boolean; startError?: string; endError?: string } {
  if (!startDate || !endDate) return { canApply: false };
  const parsed = ZReportQuery.safeParse({ period: 'custom', startDate, endDate });
  if (parsed.success) return { canApply: true };
  const out: { canApply: boolean; startError?: string; endError?: string } = { canApply: false };
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'startDate') out.startError ??= issue.message;
    else out.endError ??= issue.message;
  }
  return out;
}

export function readReportState(params: URLSearchParams, portal: ReportPortal): ReportState {
  const tabs = REPORT_TABS[portal].map(([t]) => t);
  const askedTab = params.get('tab') as ReportTabValue | null;
  const tab = askedTab && tabs.includes(askedTab) ? askedTab : (tabs[0] as ReportTabValue);

  let period = (params.get('period') ?? DEFAULT_PERIOD) as TReportPeriod;
  if (period === 'last30days') period = '30days';
  if (!REPORT_PERIOD_CHOICES[portal].includes(period)) period = DEFAULT_PERIOD;
  let startDate = '';
  let endDate = '';
  if (period === 'custom') {
    startDate = params.get('startDate') ?? '';
    endDate = params.get('endDate') ?? '';
    // a custom range the server would refuse is not asked for
    if (!checkCustomRange(startDate, endDate).canApply) {
      period = DEFAULT_PERIOD;
      startDate = '';
      endDate = '';
    }
  }
  const askedService = params.get('service') as TReportService | null;
  const service = askedService && REPORT_SERVICES.includes(askedService) ? askedService : 'all';
  const askedCustomer = params.get('customerId') ?? '';
  const customerId = portal === 'admin' && UUID.test(askedCustomer) ? askedCustomer : '';
  return { tab, period, startDate, endDate, service, customerId };
}

/** The report request of a state: dates only for a custom period, the customer only when one is picked. */
export function reportRequestOf(state: ReportState): ReportRequest {
  return {
    period: state.period,
    ...(state.period === 'custom' ? { startDate: state.startDate, endDate: state.endDate } : {}),
    service: state.service,
    ...(state.customerId ? { customerId: state.customerId } : {}),
  };
}

/** The URL's search params for a state: defaults are left out, other params (the CDR tab's dates) kept. */
export function writeReportState(params: URLSearchParams, state: ReportState, portal: ReportPortal): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => (value && value !== fallback ? next.set(key, value) : next.delete(key));
  set('tab', state.tab, REPORT_TABS[portal][0]?.[0] ?? '');
  set('period', state.period, DEFAULT_PERIOD);
  set('startDate', state.period === 'custom' ? state.startDate : '', '');
  set('endDate', state.period === 'custom' ? state.endDate : '', '');
  set('service', state.service, 'all');
  set('customerId', state.customerId, '');
  return next;
}

/** The page's state in the URL (tab, period, dates, service, customer): reload, Back and a shared link keep it. */
export function useReportState(portal: ReportPortal) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readReportState(params, portal), [params, portal]);
  const update = useCallback(
    (changes: Partial<ReportState>) =>
      setParams((prev) => writeReportState(prev, { ...readReportState(prev, portal), ...changes }, portal), { replace: true }),
    [setParams, portal],
  );
  return { state, update };
}
