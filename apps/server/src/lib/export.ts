import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The one way a list becomes a download. Rows are pulled from the database chunk by chunk as the
 * client reads, so memory stays flat whatever the size of the export.
 *
 * - The first chunk is read before any byte is sent: a bad request or a failing query still answers
 *   with the API's error shape and status.
 * - A failure after that destroys the connection without the response's final chunk, which browsers
 *   and fetch() report as a failed download: never a file that silently stops half way.
 */

/** The response schema of every CSV download route. */
export const ZCsv = z.string().describe('text/csv');

/** A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number or an E.164 phone number cannot carry a formula, and stays readable as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Formula escaping (OWASP CSV injection): a leading apostrophe makes the cell text. csv-stringify's
 * own escape_formulas would also prefix every E.164 number (+1212...), so the rule is given here.
 */
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The same rule in SQL, for text columns that PostgreSQL's COPY writes itself. */
export const formulaSafeSql = (expression: string) =>
  `CASE WHEN ${expression} ~ '^[-=+@\\t\\r]' AND ${expression} !~ '^[+-]?[0-9]+([.][0-9]+)?$' THEN '''' || ${expression} ELSE ${expression} END`;

function csvStringifier(header: readonly string[]) {
  return stringify({
    header: true,
    columns: [...header],
    record_delimiter: 'windows',
    cast: {
      string: formulaSafe,
      date: (d) => d.toISOString(),
      boolean: (b) => (b ? 'true' : 'false'),
    },
  });
}

/**
 * What a service returns for a download (no HTTP in it): rows (cells in header order) under a
 * header, or a CSV stream that the database writes itself.
 */
export type CsvExport =
  | { fileName: string; header: readonly string[]; rows: AsyncIterable<unknown[]> }
  | { fileName: string; stream: Readable };

/** Rows read in keyset chunks of `size`: `fetch` reads the rows after a key, `keyOf` gives a row's key, `cells` its cells. */
export async function* keysetRows<R, K>(
  size: number,
  fetch: (after: K | null, size: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  cells: (row: R) => unknown[],
): AsyncGenerator<unknown[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after, size);
    for (const row of rows) yield cells(row);
    const last = rows[rows.length - 1];
    if (rows.length < size || last === undefined) return;
    after = keyOf(last);
  }
}

/** Reads the first item now (so its failure is an ordinary error response), then the rest lazily. */
async function peeked<T>(source: AsyncIterable<T>): Promise<AsyncGenerator<T>> {
  const items = source[Symbol.asyncIterator]();
  const first = await items.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (;;) {
      const n = await items.next();
      if (n.done) return;
      yield n.value;
    }
  })();
}

function download(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .send(body);
}

/** Sends what a service prepared as a CSV download. */
export async function sendExport(reply: FastifyReply, file: CsvExport) {
  if ('stream' in file) {
    return download(reply, file.fileName, Readable.from(await peeked<Buffer>(file.stream), { objectMode: false, highWaterMark: 1 }));
  }
  const rows = await peeked(file.rows);
  const csv = csvStringifier(file.header);
  // pipeline destroys the CSV stream when the source fails, and Fastify then destroys the response.
  pipeline(Readable.from(rows, { highWaterMark: 1 }), csv, () => {});
  return download(reply, file.fileName, csv);
}
