import { describe, expect, it } from 'vitest';
import { statementKind } from './data-version.ts';

describe('statementKind', () => {
  it('reads: SELECT (locking or not), SHOW, SET, BEGIN, LISTEN, and WITH … SELECT', () => {
    for (const text of [
      'select "id" from "customers" where "id" = $1',
      '  SELECT * FROM sessions FOR UPDATE',
      'SELECT pg_notify($1, $2)',
      'show server_version',
      "SET LOCAL statement_timeout = '5s'",
      'begin',
      'LISTEN portal_live',
      'with "x" as (select 1) select * from "x"',
      '/* a comment */ select 1',
      '-- a comment\nselect 1',
    ])
      expect(statementKind(text), text).toBe('read');
  });

  it('writes: INSERT, UPDATE, DELETE, COPY FROM, DDL, WITH … UPDATE, anything unknown, and any write in a script', () => {
    for (const text of [
      'insert into "customers" ("id") values ($1)',
      'UPDATE "sessions" SET "last_seen_at" = $1',
      'delete from "notifications" where "user_id" = $1',
      'COPY cdrs FROM STDIN',
      'CREATE TABLE x (id int)',
      'with moved as (update "numbers" set "account_id" = $1 returning *) select count(*) from moved',
      'VACUUM ANALYZE',
      'BEGIN; UPDATE customers SET name = $1; COMMIT',
      'select 1; delete from x',
    ])
      expect(statementKind(text), text).toBe('write');
  });

  it('ends: COMMIT and ROLLBACK (not to a savepoint)', () => {
    expect(statementKind('commit')).toBe('end');
    expect(statementKind('ROLLBACK')).toBe('end');
    expect(statementKind('rollback to savepoint sp1')).toBe('read');
  });

  it("leaves out a session's last-seen time, but not other changes to sessions", () => {
    expect(statementKind('update "sessions" set "last_seen_at" = $1 where "sessions"."id_hash" = $2')).toBe('read');
    expect(statementKind('delete from "sessions" where "sessions"."id_hash" = $1')).toBe('write');
    expect(statementKind('update "sessions" set "last_seen_at" = $1, "user_id" = $2 where "sessions"."id_hash" = $3')).toBe('write');
  });

  it("leaves out the job queue's own bookkeeping in its schema", () => {
    expect(statementKind('UPDATE pgboss.job SET state = $1 WHERE id = $2')).toBe('read');
    expect(statementKind('BEGIN; SET LOCAL lock_timeout = 30000; INSERT INTO pgboss.queue (name) VALUES ($1); COMMIT')).toBe('end');
  });
});
