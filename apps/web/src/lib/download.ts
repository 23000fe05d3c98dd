import { ApiError } from './api.ts';

export type DownloadProgress = { bytes: number; rows: number };

export const DOWNLOAD_CUT = 'The download was interrupted before it finished; no file was saved. Please try again.';

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined;

/** A failed download or upload as the API's ApiError: the server's error body where it sent one. */
function failure(status: number, body: ErrorBody, fallbackMessage: string): ApiError {
  const e = body?.error;
  return new ApiError(status, (e?.code as never) ?? 'UNKNOWN', e?.message ?? fallbackMessage, e?.fields ?? {});
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file the server streams (CSV exports, documents) and saves it, reporting progress
 * as it arrives: bytes, and rows for line-based files. Errors come back as the API's ApiError.
 * An export the server turns into a job answers 202 with JSON instead of the file: with `onQueued`
 * that answer is handed over (nothing is saved) and the result says `queued`.
 */
export async function streamDownload(
  url: string,
  options: {
    fallbackName: string;
    onProgress?: (p: DownloadProgress) => void;
    signal?: AbortSignal;
    onQueued?: (answer: unknown) => void;
  },
): Promise<{ fileName: string; bytes: number; rows: number; queued?: boolean }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { 'x-portal-csrf': '1' }, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  if (!response.ok) {
    throw failure(response.status, (await response.json().catch(() => undefined)) as ErrorBody, `Download failed (${response.status})`);
  }
  if (response.status === 202 && options.onQueued) {
    options.onQueued(await response.json().catch(() => undefined));
    return { fileName: '', bytes: 0, rows: 0, queued: true };
  }
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let rows = 0;
  const reader = response.body?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) rows++;
        options.onProgress?.({ bytes, rows });
      }
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      // The server aborts the response when it fails mid-stream: a partial file is never saved.
      throw new ApiError(0, 'NETWORK_ERROR', DOWNLOAD_CUT);
    }
  }
  const expected = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(expected) && bytes < expected) throw new ApiError(0, 'NETWORK_ERROR', DOWNLOAD_CUT);
  const fileName = fileNameOf(response, options.fallbackName);
  const blob = new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { fileName, bytes, rows };
}

/** Sends a file as the raw request body (the server reads its Content-Type). */
export async function uploadFile<T>(url: string, file: File): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-portal-csrf': '1', 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  const body = (await response.json().catch(() => undefined)) as (T & ErrorBody) | undefined;
  if (!response.ok) throw failure(response.status, body, `Upload failed (${response.status})`);
  return body as T;
}

/** A query string from the non-empty values. */
export function toQueryString(query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
