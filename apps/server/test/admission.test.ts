/**
 * Admission control wired into the app (lib/admission.ts, decision 0055): past API_CONCURRENCY an
 * API request waits its turn and is answered once a place is free, while /healthz never waits.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

describe('admission control', () => {
  it('holds an API request while every place is taken, never /healthz, and answers it once a place is free', async () => {
    const t = await createTestApp({ API_CONCURRENCY: '1' });
    try {
      const gate = t.app.admission;
      if (!gate) throw new Error('no admission gate');
      const leave = await gate.enter(); // the one place, taken
      let answered = false;
      const session = t.app.inject({ method: 'GET', url: '/api/auth/session' }).then((res) => {
        answered = true;
        return res;
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      expect(gate.state).toEqual({ running: 1, waiting: 1 });
      leave();
      expect((await session).statusCode).toBe(200);
      expect(gate.state).toEqual({ running: 0, waiting: 0 });
    } finally {
      await t.close();
    }
  });

  it('is off with API_CONCURRENCY=0', async () => {
    const t = await createTestApp({ API_CONCURRENCY: '0' });
    try {
      expect(t.app.admission).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
