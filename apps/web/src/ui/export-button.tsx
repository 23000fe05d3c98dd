import { Button, type ButtonProps, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { streamDownload } from '../lib/download.ts';
import { toastError, toastSuccess } from './toast.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The one export button: streams the server's CSV, shows the rows received while it runs, saves
 * the file only when the whole of it arrived, and reports each outcome once (a toast): the count
 * on success; the reason on a refusal, a failure or a cut-off stream (no partial file is saved).
 */
export function ExportButton({
  url,
  fallbackName,
  noun,
  label = 'Export',
  check,
  ...button
}: {
  /** The export's URL with the list's filters. */
  url: string;
  fallbackName: string;
  /** What a row is, plural ("numbers", "CDRs"). */
  noun: string;
  label?: string;
  /** A reason not to start (e.g. missing dates), shown instead of downloading. */
  check?: () => string | undefined;
} & Omit<ButtonProps, 'children' | 'onClick' | 'loading'>) {
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef(false);

  async function run() {
    if (running.current) return;
    const problem = check?.();
    if (problem) {
      toastError(problem);
      return;
    }
    running.current = true;
    setRows(0);
    try {
      // the first line is the header row
      const r = await streamDownload(url, { fallbackName, onProgress: (p) => setRows(Math.max(0, p.rows - 1)) });
      toastSuccess(`Exported ${count(Math.max(0, r.rows - 1))} ${noun} to ${r.fileName}`);
    } catch (e) {
      toastError(e);
    } finally {
      running.current = false;
      setRows(null);
    }
  }

  return (
    <Button
      {...button}
      leftSection={rows === null ? <IconDownload size={16} /> : <Loader size={14} color="currentColor" />}
      onClick={() => void run()}
      aria-busy={rows !== null}
      data-testid="export-button"
    >
      {rows === null ? label : `Exporting... ${count(rows)} rows`}
    </Button>
  );
}
