import { Button, Menu } from '@mantine/core';
import { REPORT_FORMAT_LABELS, REPORT_FORMATS, type TReportFile, type TReportFormat } from '@portal/contract/reports';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { downloadExport, reportKeys } from '../api/reports.ts';

/**
 * Downloads an export in one of its formats (a menu of CSV, Excel, PDF, or one button when there
 * is a single format): shows the download running, saves the whole file or nothing, and says which.
 * A large export that the server makes as a job is announced instead, and listed in the recent exports.
 */
export function ExportMenu({
  url,
  fallbackName,
  formats = REPORT_FORMATS,
  label = 'Export',
  disabled = false,
  buttonLabel,
  onQueued,
}: {
  /** The export's address for a format. */
  url: (format: TReportFormat) => string;
  fallbackName: (format: TReportFormat) => string;
  formats?: readonly TReportFormat[];
  label?: string;
  disabled?: boolean;
  /** A format's button or menu item, e.g. 'Export as CSV'. */
  buttonLabel?: (format: TReportFormat) => string;
  /** The server made the export a job (202): the file to watch, when it said which. */
  onQueued?: (file: TReportFile | undefined) => void;
}) {
  const [running, setRunning] = useState<TReportFormat | null>(null);
  const queryClient = useQueryClient();
  const nameOf = (f: TReportFormat) => buttonLabel?.(f) ?? REPORT_FORMAT_LABELS[f];

  async function run(format: TReportFormat) {
    if (running) return;
    setRunning(format);
    try {
      const result = await downloadExport(url(format), fallbackName(format));
      if ('queued' in result) {
        onQueued?.(result.queued);
        toastSuccess(
          'This export is large: the file is being prepared and you will be notified when it is ready. It will be listed under Recent exports.',
        );
        await queryClient.invalidateQueries({ queryKey: [...reportKeys.all, 'files'] });
      } else toastSuccess(`Downloaded ${result.fileName}`);
    } catch (e) {
      toastError(e);
    } finally {
      setRunning(null);
    }
  }

  if (buttonLabel) {
    return (
      <Button.Group>
        {formats.map((f) => (
          <Button
            key={f}
            variant={f === formats[0] ? 'filled' : 'default'}
            leftSection={<IconDownload size={16} />}
            loading={running === f}
            disabled={disabled || (running !== null && running !== f)}
            onClick={() => void run(f)}
          >
            {nameOf(f)}
          </Button>
        ))}
      </Button.Group>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={running !== null}
          disabled={disabled}
          aria-busy={running !== null}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((f) => (
          <Menu.Item key={f} onClick={() => void run(f)}>
            {nameOf(f)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
