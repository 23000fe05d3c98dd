/**
 * Hand-written SQL for the big record tables (CDRs, messages): the same statement serves the keyset
 * page, the export's keyset chunks (PGlite) and PostgreSQL's COPY (which takes no bind parameters).
 */
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';
import { keysetPage } from './cursor.ts';
import { type CsvExport, keysetRows } from './export.ts';

/** A statement with $n placeholders and its parameters. */
export interface Statement {
  text: string;
  params: unknown[];
  /**
   * Names a statement whose text never changes (the public API's per-call statements): PostgreSQL
   * parses and plans it once per connection instead of at every call. Unique per text.
   */
  name?: string;
}

/** A keyset position: newest first by time, then id. */
export interface TimeKey {
  at: Date;
  id: number;
}

/** Appends a parameter and answers its placeholder. */
export const param = (params: unknown[], v: unknown) => {
  params.push(v);
  return `$${params.length}`;
};

/** `(time, id) < (after)`, for the next page or chunk (newest first). */
export function afterKey(params: unknown[], timeColumn: string, idColumn: string, after: TimeKey | null): string {
  if (!after) return '';
  const at = param(params, after.at.toISOString());
  const id = param(params, after.id);
  return ` AND (${timeColumn}, ${idColumn}) < (${at}::timestamptz, ${id}::bigint)`;
}

/** Inlines the parameters as SQL literals (COPY takes none). Values are already validated. */
export function inlineStatement(s: Statement, escapeLiteral: (v: string) => string): string {
  return s.text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = s.params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : escapeLiteral(String(v));
  });
}

export async function runStatement<T>(database: Database, s: Statement): Promise<T[]> {
  if (database.kind === 'pglite' && database.pglite) {
    return (await database.pglite.query<T>(s.text, s.params)).rows;
  }
  if (!database.pool) throw new Error('No database pool');
  if (s.name) return (await database.pool.query({ name: s.name, text: s.text, values: s.params })).rows as T[];
  return (await database.pool.query(s.text, s.params)).rows as T[];
}

const EXPORT_CHUNK = 5000;

/**
 * Every row of a record export as CSV, streamed. On PostgreSQL the database writes the CSV itself
 * (`COPY (query) TO STDOUT`) straight into the response; on PGlite, whose COPY TO holds the whole
 * result in memory, keyset chunks (with `key_at`, `key_id` columns) are formatted as they are pulled.
 */
export async function statementExport(
  database: Database,
  opts: {
    fileName: string;
    header: readonly string[];
    whole: Statement;
    chunk: (after: TimeKey | null, size: number) => Statement;
  },
): Promise<CsvExport> {
  const { fileName, header } = opts;
  if (database.kind === 'pg' && database.pool) {
    const client = await database.pool.connect();
    const sql = inlineStatement(opts.whole, (v) => client.escapeLiteral(v));
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      // a connection left mid-COPY is not reusable: destroy it
      client.release(err);
    };
    stream.on('end', () => release());
    stream.on('error', (err) => release(err));
    stream.on('close', () => release(stream.readableEnded ? undefined : new Error('export aborted')));
    return { fileName, stream };
  }
  return {
    fileName,
    header,
    rows: keysetRows(
      EXPORT_CHUNK,
      (after: TimeKey | null, size) =>
        runStatement<Record<string, unknown> & { key_at: Date; key_id: string }>(database, opts.chunk(after, size)),
      (r) => ({ at: new Date(r.key_at), id: Number(r.key_id) }),
      (r) => header.map((h) => r[h]),
    ),
  };
}

/**
 * One keyset page of a big record list, newest first: the rows of its page statement (which reads
 * one row more than the page) cut to the page and each shown as `view` makes it, with the cursor of
 * the next page taken from the last row's time and id.
 */
export async function statementPage<R extends { id: string | number }, T>(
  database: Database,
  statement: Statement,
  limit: number,
  timeOf: (row: R) => Date | string,
  view: (row: R) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const rows = await runStatement<R>(database, statement);
  const page = keysetPage(rows, limit, (r) => ({ at: new Date(timeOf(r)), id: Number(r.id) }));
  return { nextCursor: page.nextCursor, items: page.items.map(view) };
}
