import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from './client.ts';
import { MessageFramer } from './pglite-worker.ts';
import { users } from './schema/index.ts';

describe('MessageFramer', () => {
  const typed = (type: string, body: string) => {
    const b = Buffer.from(body);
    const out = Buffer.alloc(5 + b.length);
    out.write(type, 0);
    out.writeInt32BE(4 + b.length, 1);
    b.copy(out, 5);
    return out;
  };
  const untyped = (code: number, body = Buffer.alloc(0)) => {
    const out = Buffer.alloc(8 + body.length);
    out.writeInt32BE(8 + body.length, 0);
    out.writeInt32BE(code, 4);
    body.copy(out, 8);
    return out;
  };

  it('splits the SSL request, the startup message and typed messages, whatever the chunks', () => {
    const stream = Buffer.concat([
      untyped(80877103),
      untyped(196608, Buffer.from('user\0postgres\0\0')),
      typed('Q', 'SELECT 1\0'),
      typed('P', `${'x'.repeat(70_000)}\0`),
    ]);
    for (const size of [1, 7, 4096, stream.length]) {
      const framer = new MessageFramer();
      const messages = [];
      for (let i = 0; i < stream.length; i += size) messages.push(...framer.push(stream.subarray(i, i + size)));
      expect(messages.map((m) => [m.kind, m.bytes.length])).toEqual([
        ['ssl', 8],
        ['message', 8 + 15],
        ['message', 5 + 9],
        ['message', 5 + 70_001],
      ]);
    }
  });
});

describe('the embedded database in a worker thread', () => {
  let database: Database;
  const first = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', thread: true });
    await migrate(database);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('answers through node-postgres, with the main thread free', async () => {
    expect(database.kind).toBe('pglite');
    expect(database.pglite).toBeUndefined();
    expect(await first(sql`SELECT 41 + 1 AS n`)).toEqual({ n: 42 });
  });

  it('keeps a transaction to itself, and a failed one rolls back and leaves the session usable', async () => {
    const email = `thread-${Date.now()}@example.com`;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, name: 'Thread Test', kind: 'staff', role: 'Admin', passwordHash: 'x' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await first(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`)).toEqual({ n: 0 });
    // A statement error inside a transaction does not poison the next query.
    await expect(database.db.execute(sql`SELECT * FROM no_such_table`)).rejects.toThrow();
    expect(await first(sql`SELECT 1 AS n`)).toEqual({ n: 1 });
  });

  it('runs concurrent queries one after another and large parameters whole', async () => {
    const big = 'y'.repeat(200_000);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => first(sql`SELECT ${i}::int AS n, length(${big}) AS l`)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => ({ n: i, l: 200_000 })));
  });
});
