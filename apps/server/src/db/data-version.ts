/**
 * Which version of the data this process has seen: a counter that moves whenever a statement that
 * writes ends on one of the database's connections (INSERT, UPDATE, DELETE, COPY FROM, DDL...),
 * again when a transaction that wrote ends, and when another instance says it wrote (lib/live.ts
 * relays that on PostgreSQL). An answer computed from the data stays true while the counter has not
 * moved: lib/answer-cache.ts keeps answers on it (decision 0056).
 *
 * The job queue's own bookkeeping (pg-boss polling and completing jobs in its schema) is not a
 * change of the data: its statements do not move the counter; the writes a job makes do. Nor is a
 * session's "last seen" time.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type AnyQuery, afterQuery, type Database, sqlText } from './client.ts';

export interface DataVersion {
  /** This process's id in the messages between instances. */
  readonly instanceId: string;
  /** Moves whenever the data may have changed. */
  readonly current: number;
  /** The data may have changed: `local` when this process wrote (the other instances are told). */
  bump(local: boolean): void;
  /** Called after every move, with whether this process wrote; returns the unsubscribe. */
  onBump(listener: (local: boolean) => void): () => void;
}

type StatementKind = 'read' | 'write' | 'end';

const READS =
  /^(?:select|show|begin|start\s+transaction|set|reset|listen|unlisten|explain|savepoint|release|values|fetch|declare|close|discard|deallocate)\b/i;
const ENDS = /^(?:commit|end|rollback|abort)\b/i;
const WRITES_IN_WITH = /\b(?:insert|update|delete|merge)\b/i;
/** pg-boss's tables (jobs/queue.ts JOB_SCHEMA). */
const QUEUE_ONLY = /\bpgboss\./i;
/**
 * A session's "last seen" time, written once a minute per signed-in session (plugins/auth.ts): no
 * answer shows it, and the answers kept for that session end when it is due (sessionTrustedUntil),
 * so it need not drop everyone's answers.
 */
const SESSION_TOUCH = /^update "sessions" set "last_seen_at" = \$1 where "sessions"\."id_hash" = \$2$/i;

/**
 * What a statement (or a script of several) does to the data, read from its text. Anything not
 * known to read counts as a write: a needless move of the counter costs a cached answer, a missed
 * one would serve a stale answer.
 */
export function statementKind(text: string): StatementKind {
  let kind: StatementKind = 'read';
  for (const part of text.split(';')) {
    const s = part.replace(/^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
    if (!s) continue;
    if (ENDS.test(s)) {
      if (!/^rollback\s+to\b/i.test(s)) kind = kind === 'write' ? 'write' : 'end';
      continue;
    }
    if (READS.test(s)) continue;
    if (/^with\b/i.test(s) && !WRITES_IN_WITH.test(s)) continue;
    if (QUEUE_ONLY.test(s) || SESSION_TOUCH.test(s.trim())) continue;
    return 'write';
  }
  return kind;
}

const WATCHED = Symbol('portal.dataVersion');
type Watched = { query: AnyQuery; exec?: AnyQuery; [WATCHED]?: { dirty: boolean } };

/** Wraps a connection's (or PGlite's) query methods: moves the counter after writes and after a transaction that wrote. */
function watch(target: Watched, version: DataVersion, methods: ('query' | 'exec')[]): void {
  if (target[WATCHED]) return;
  const state = { dirty: false };
  target[WATCHED] = state;
  for (const m of methods) {
    const original = target[m] as AnyQuery;
    target[m] = function (this: unknown, ...args: unknown[]) {
      const kind = statementKind(sqlText(args[0]));
      if (kind === 'read' || (kind === 'end' && !state.dirty)) return original.apply(this, args);
      if (kind === 'write') state.dirty = true;
      return afterQuery(original, this, args, () => {
        if (kind === 'end') state.dirty = false;
        version.bump(true);
      });
    };
  }
}

const versions = new WeakMap<Database, DataVersion>();

/** The database's data version (one per process and database), watching its connections from the first call. */
export function dataVersion(database: Database): DataVersion {
  const existing = versions.get(database);
  if (existing) return existing;
  let current = 0;
  const listeners = new Set<(local: boolean) => void>();
  const version: DataVersion = {
    instanceId: randomUUID(),
    get current() {
      return current;
    },
    bump(local) {
      current++;
      for (const listener of listeners) listener(local);
    },
    onBump(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  versions.set(database, version);
  const pool = database.pool;
  if (pool) {
    pool.on('acquire', (client) => watch(client as unknown as Watched, version, ['query']));
    // a stream's statement (COPY FROM) ends when its connection is handed back
    pool.on('release', (_err: Error | undefined, client: unknown) => {
      const state = (client as Watched)[WATCHED];
      if (state?.dirty) {
        state.dirty = false;
        version.bump(true);
      }
    });
  } else if (database.pglite) {
    const pglite = database.pglite as unknown as Watched & { transaction: AnyQuery };
    watch(pglite, version, ['query', 'exec']);
    const transaction = pglite.transaction;
    pglite.transaction = function (this: PGlite, fn: unknown) {
      let wrote = false;
      const result = transaction.call(this, (tx: Watched) => {
        for (const m of ['query', 'exec'] as const) {
          const original = tx[m] as AnyQuery;
          tx[m] = function (this: unknown, ...args: unknown[]) {
            if (statementKind(sqlText(args[0])) === 'write') wrote = true;
            return original.apply(this, args);
          };
        }
        return (fn as (t: unknown) => unknown)(tx);
      }) as Promise<unknown>;
      const after = () => {
        if (wrote) version.bump(true);
      };
      result.then(after, after);
      return result;
    };
  }
  return version;
}
