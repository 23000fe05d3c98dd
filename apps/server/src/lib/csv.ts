import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // a leading =, +, - or @ would be a formula in a spreadsheet
  if (/^[=+\-@]/.test(text) && !/^[+-]?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * A CSV body pulled chunk by chunk: `next(afterKey)` returns the next rows as CSV text and the
 * key to continue from (null when done). Nothing is read before the client asks for it, so memory
 * stays flat whatever the size of the export.
 */
export function csvStream<K>(
  header: readonly string[],
  first: K | null,
  next: (after: K | null) => Promise<{ text: string; key: K | null }>,
) {
  async function* generate() {
    yield csvLine(header);
    let key: K | null = first;
    for (;;) {
      const chunk = await next(key);
      if (chunk.text) yield chunk.text;
      if (chunk.key === null) return;
      key = chunk.key;
    }
  }
  return Readable.from(generate(), { objectMode: false, highWaterMark: 1 });
}

/** Headers of a CSV download. */
export function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .send(body);
}
