import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';

type Rows = { rows: unknown[] };

/**
 * How pg-boss reaches the database (its `db` option): the server's own pool (PostgreSQL's, or the
 * one connection to the embedded database's thread), or the PGlite in this thread, so the queue
 * opens no connection of its own.
 */
export function databaseExecutor(database: Database): PgBoss.Db {
  const pool = database.pool;
  if (pool) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pool.query(text, values);
        // Without parameters pg-boss sends scripts (BEGIN; advisory lock; ...; COMMIT): a script
        // that failed inside its BEGIN must not hand its connection back in an aborted transaction
        // (the embedded database's worker has only the one).
        const client = await pool.connect();
        try {
          const result = await client.query(text);
          return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
    };
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('No PGlite instance');
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      // Without parameters pg-boss sends scripts (BEGIN; advisory lock; ...; COMMIT): the simple
      // query protocol runs them. PGlite has one session: a script that failed inside its BEGIN
      // must not leave that session in an aborted transaction for every other query.
      try {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        if (pglite.closed) throw err;
        await pglite.exec('ROLLBACK').catch(() => {});
        throw err;
      }
    },
  };
}

/**
 * Runs pg-boss's statements on a Drizzle database or open transaction, so a job sent with it exists
 * only if that transaction commits. pg-boss's `$n` placeholders become Drizzle parameters.
 */
export function drizzleExecutor(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${sql.param(values[Number(m[1]) - 1] ?? null)}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await db.execute(sql.join(chunks))) as unknown as Rows;
      return { rows: result.rows };
    },
  };
}
