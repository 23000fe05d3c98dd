import { describe, expect, it } from 'vitest';
import { matchTotp, stepAt, totpAt } from './totp.ts';

const RFC_SEED = new TextEncoder().encode('12345678901234567890');
const RFC_SEED_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** The RFC's published 8-digit SHA-1 values; a 6-digit code is the same number modulo 10^6. */
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238)', () => {
  for (const [time, eight] of RFC_VECTORS) {
    it(`gives the RFC's code at T=${time} (8 digits ${eight}, 6 digits ${eight.slice(2)})`, () => {
      expect(totpAt(RFC_SEED, time, 8)).toBe(eight);
      expect(totpAt(RFC_SEED, time)).toBe(eight.slice(2));
      expect(totpAt(RFC_SEED_BASE32, time)).toBe(eight.slice(2));
      // accepted at its own time, for its own step
      expect(matchTotp(RFC_SEED_BASE32, eight.slice(2), time, null)).toBe(stepAt(time));
    });
  }

  it('accepts one step of drift either way and refuses two', () => {
    const time = 1234567890;
    const code = totpAt(RFC_SEED_BASE32, time);
    expect(matchTotp(RFC_SEED_BASE32, code, time + 30, null)).toBe(stepAt(time));
    expect(matchTotp(RFC_SEED_BASE32, code, time - 30, null)).toBe(stepAt(time));
    expect(matchTotp(RFC_SEED_BASE32, code, time + 60, null)).toBeNull();
    expect(matchTotp(RFC_SEED_BASE32, code, time - 60, null)).toBeNull();
  });

  it('never accepts a step at or before the last one used (no replay)', () => {
    const time = 1111111111;
    const code = totpAt(RFC_SEED_BASE32, time);
    expect(matchTotp(RFC_SEED_BASE32, code, time, stepAt(time) - 1)).toBe(stepAt(time));
    expect(matchTotp(RFC_SEED_BASE32, code, time, stepAt(time))).toBeNull();
    expect(matchTotp(RFC_SEED_BASE32, code, time, stepAt(time) + 1)).toBeNull();
  });

  it('refuses malformed codes without throwing', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 456', '１２３４５６']) {
      expect(matchTotp(RFC_SEED_BASE32, bad, 59, null)).toBeNull();
    }
  });
});
