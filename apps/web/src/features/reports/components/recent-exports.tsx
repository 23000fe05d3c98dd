import { Anchor, Badge } from '@mantine/core';
import type { TReportFile } from '@portal/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { reportFilesQuery } from '../api/reports.ts';
import { count } from './format.ts';
import { Panel } from './panels.tsx';

const STATE_COLOURS = { Pending: 'yellow', Ready: 'green', Failed: 'red' } as const;

function size(bytes: number | null) {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The caller's exports made as jobs (and scheduled reports): state, size, expiry, and the link once ready. */
export function RecentExports() {
  const { data, isLoading, error } = useQuery(reportFilesQuery);
  const columns: Column<TReportFile>[] = [
    { key: 'name', header: 'File', kind: 'name', maxWidth: 280, render: (f) => f.name },
    {
      key: 'state',
      header: 'State',
      kind: 'badge',
      render: (f) => (
        <Badge color={STATE_COLOURS[f.state]} variant="light" radius="sm" tt="none" title={f.error ?? undefined}>
          {f.state === 'Pending' ? 'Preparing' : f.state}
        </Badge>
      ),
    },
    { key: 'rows', header: 'Rows', kind: 'figure', align: 'right', render: (f) => (f.rows === null ? '—' : count(f.rows)) },
    { key: 'size', header: 'Size', kind: 'figure', align: 'right', render: (f) => size(f.bytes) },
    { key: 'created', header: 'Created', kind: 'figure', render: (f) => <DateText value={f.createdAt} format="datetime" /> },
    { key: 'expires', header: 'Link Expires', kind: 'figure', render: (f) => <DateText value={f.expiresAt} format="datetime" /> },
    {
      key: 'download',
      header: 'Download',
      nowrap: true,
      render: (f) =>
        f.state === 'Ready' && f.url ? (
          <Anchor href={f.url} download inherit aria-label={`Download ${f.name}`}>
            Download
          </Anchor>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Panel title="Recent exports">
      <DataTable
        label="Recent exports"
        columns={columns}
        rows={data}
        loading={isLoading}
        skeletonRows={2}
        emptyText={error ? 'The exports could not be loaded' : 'No exports yet'}
      />
    </Panel>
  );
}
