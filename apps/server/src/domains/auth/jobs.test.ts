import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { systemCtx } from '../../lib/context.ts';
import { sweepExpiredSessionsJob } from './jobs.ts';
import * as repo from './repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the expired-session sweep', () => {
  it('deletes the sessions past their expiry and only those', async () => {
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    if (!user) throw new Error('no demo admin');
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const rows = [
      { idHash: 'sweep-expired-a', expiresAt: at(-60 * 24) },
      { idHash: 'sweep-expired-b', expiresAt: at(-1) },
      { idHash: 'sweep-live-a', expiresAt: at(5) },
      { idHash: 'sweep-live-b', expiresAt: at(60 * 24 * 30) },
    ];
    const all = () => t.database.db.select({ id: sessions.idHash, expiresAt: sessions.expiresAt }).from(sessions);
    const liveBefore = (await all()).filter((s) => s.expiresAt > new Date()).length;
    for (const r of rows) await repo.insertSession(t.database.db, { ...r, userId: user.id });

    const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, sweepExpiredSessionsJob.name);
    await sweepExpiredSessionsJob.handler(ctx, {}, { jobId: 'j', attempt: 1, lastAttempt: true });

    const left = await t.database.db
      .select({ id: sessions.idHash })
      .from(sessions)
      .where(
        inArray(
          sessions.idHash,
          rows.map((r) => r.idHash),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(['sweep-live-a', 'sweep-live-b']);
    // Every other live session is still there; no expired one is.
    const after = await all();
    expect(after.length).toBe(liveBefore + 2);
    expect(after.filter((s) => s.expiresAt <= new Date(Date.now() - 1000))).toEqual([]);
  });
});
