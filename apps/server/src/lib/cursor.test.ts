import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { AppError } from './errors.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

describe('cursors', () => {
  it('round-trip the key of a page', () => {
    const key = { at: new Date('2026-03-01T10:20:30.456Z'), id: 123456789 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it('refuse forged cursors with a 400 on the cursor field', () => {
    for (const forged of [
      b64('+275760-09-13T00:00:00.000Z|1'),
      b64('-271821-04-20T00:00:00.000Z|1'),
      b64('9999-12-31T23:59:59.999Z|1'),
      b64('1969-12-31T23:59:59.999Z|1'),
      b64('2026-02-30T00:00:00.000Z|1'),
      b64('2026-01-01T00:00:00.000Z|99999999999999999999'),
      b64('2026-01-01T00:00:00.000Z|-1'),
      b64('\u0000|\u0000'),
      'not base64 at all!',
    ]) {
      let error: unknown;
      try {
        decodeCursor(forged);
      } catch (err) {
        error = err;
      }
      expect(error, forged).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).fields?.cursor).toBeDefined();
    }
  });
});
