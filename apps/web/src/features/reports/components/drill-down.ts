import type { ReportPortal } from './report-params.ts';

/**
 * The records behind a chart's bar: the CDR list (voice page, CDRs tab) or the message log
 * (messaging page, its messages tab) of that day or month, through the filters those lists keep
 * in the URL (cdrStartDate/cdrEndDate, msgStartDate/msgEndDate; both inclusive days).
 */
export type DrillTarget = 'cdrs' | 'messages';

export function drillDownPath(portal: ReportPortal, target: DrillTarget, bucket: { date: string; endDate: string }): string {
  const params = new URLSearchParams();
  if (target === 'cdrs') {
    params.set('tab', 'cdrs');
    params.set('cdrStartDate', bucket.date);
    params.set('cdrEndDate', bucket.endDate);
    return `/${portal}/voice?${params}`;
  }
  params.set('tab', 'messages');
  params.set('msgStartDate', bucket.date);
  params.set('msgEndDate', bucket.endDate);
  return `/${portal}/messaging?${params}`;
}
