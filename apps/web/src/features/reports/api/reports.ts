import type {
  TReport,
  TReportFile,
  TReportFormat,
  TReportSchedule,
  TReportScheduleInput,
  TReportService,
  TReportTab,
} from '@portal/contract/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type DownloadProgress, streamDownload, toQueryString } from '../../../lib/download.ts';
import { apiPath, listQuery, useInvalidatingMutation } from '../../../lib/query.ts';

/** What a report is asked for: the period (dates only for a custom one), the service and, for staff, the customer. */
export type ReportRequest = {
  period: string;
  startDate?: string | undefined;
  endDate?: string | undefined;
  service: TReportService;
  customerId?: string | undefined;
};

export const reportKeys = { all: ['reports'] as const };

// a new period or filter keeps the figures on screen (dimmed) until the new ones arrive
export const reportQuery = (request: ReportRequest) => listQuery<TReport>([...reportKeys.all, 'report', request], '/api/reports', request);

/** The caller's export files, re-read every few seconds while one is still being made. */
export const reportFilesQuery = queryOptions({
  queryKey: [...reportKeys.all, 'files'],
  queryFn: ({ signal }) => api.get<TReportFile[] | { items: TReportFile[] }>('/api/reports/files', { signal }),
  select: (answer): TReportFile[] => (Array.isArray(answer) ? answer : answer.items),
  refetchInterval: (query) => {
    const data = query.state.data;
    const files = Array.isArray(data) ? data : (data?.items ?? []);
    return files.some((f) => f.state === 'Pending') ? 3000 : false;
  },
});

export const reportSchedulesQuery = queryOptions({
  queryKey: [...reportKeys.all, 'schedules'],
  queryFn: ({ signal }) => api.get<TReportSchedule[] | { items: TReportSchedule[] }>('/api/reports/schedules', { signal }),
  select: (answer): TReportSchedule[] => (Array.isArray(answer) ? answer : answer.items),
});

const useReportsMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) =>
  useInvalidatingMutation([[...reportKeys.all, 'schedules']], mutationFn);

export const useCreateSchedule = () =>
  useReportsMutation((body: TReportScheduleInput) => api.post<TReportSchedule>('/api/reports/schedules', body));
export const useUpdateSchedule = () =>
  useReportsMutation(({ id, body }: { id: string; body: TReportScheduleInput }) =>
    api.put<TReportSchedule>(apiPath`/api/reports/schedules/${id}`, body),
  );
export const useDeleteSchedule = () => useReportsMutation((id: string) => api.delete<unknown>(apiPath`/api/reports/schedules/${id}`));

/** The export of a tab's figures with the filters on screen. */
export const reportExportUrl = (request: ReportRequest, tab: TReportTab, format: TReportFormat) =>
  `/api/reports/export${toQueryString({ ...request, tab, format })}`;

/** The CDR tab's export of the calls between two days. */
export const cdrExportUrl = (q: { startDate: string; endDate: string; customerId?: string | undefined; format: TReportFormat }) =>
  `/api/reports/cdrs/export${toQueryString(q)}`;

/**
 * Downloads an export and saves it; a large one the server makes as a job instead (202): then
 * nothing is saved and the queued file is returned, to watch in the recent exports.
 */
export async function downloadExport(
  url: string,
  fallbackName: string,
  onProgress?: (p: DownloadProgress) => void,
): Promise<{ fileName: string; bytes: number } | { queued: TReportFile | undefined }> {
  let queued: TReportFile | undefined;
  const result = await streamDownload(url, {
    fallbackName,
    ...(onProgress ? { onProgress } : {}),
    onQueued: (answer) => {
      queued = (answer as { file?: TReportFile } | undefined)?.file;
    },
  });
  return result.queued ? { queued } : { fileName: result.fileName, bytes: result.bytes };
}
