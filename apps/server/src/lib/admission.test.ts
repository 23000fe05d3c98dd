import { describe, expect, it } from 'vitest';
import { AdmissionGate } from './admission.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('AdmissionGate', () => {
  it('lets `limit` requests work at once and the others in, one for each place given back, in arrival order', async () => {
    const gate = new AdmissionGate(2, 60_000);
    const started: number[] = [];
    const leaves: (() => void)[] = [];
    for (let i = 0; i < 5; i++)
      void gate.enter().then((leave) => {
        started.push(i);
        leaves[i] = leave;
      });
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.state).toEqual({ running: 2, waiting: 3 });
    leaves[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // giving a place back twice frees one place only
    leaves[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    leaves[0]?.();
    leaves[2]?.();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    leaves[3]?.();
    leaves[4]?.();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a place back by itself from a request that holds it longer than holdMs', async () => {
    const gate = new AdmissionGate(1, 30);
    await gate.enter(); // never given back by its holder
    const t = performance.now();
    const leave = await gate.enter();
    expect(performance.now() - t).toBeGreaterThanOrEqual(25);
    leave();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });
});
