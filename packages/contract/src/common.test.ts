import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateRangeOrder,
  END_BEFORE_START,
  keysetPageShape,
  UNSTORABLE_TEXT_MESSAGE,
  ZIsoDate,
  ZIsoDateTime,
  ZRequiredText,
  ZText,
} from './common.ts';

describe('ZText', () => {
  it('refuses NUL bytes and lone surrogates with a field message, keeps paired ones', () => {
    const name = ZRequiredText('Name', 20);
    expect(name.safeParse('Acme\u0000 Corp').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(name.safeParse('x\uD800y').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(name.safeParse('\uDC00').success).toBe(false);
    expect(name.safeParse(' Café 😀 ').data).toBe('Café 😀');
    expect(ZText().trim().max(3).safeParse('  abc  ').data).toBe('abc');
  });
});

describe('dates', () => {
  it('accept years 1900 to 2999 only', () => {
    expect(ZIsoDate.safeParse('2026-02-28').success).toBe(true);
    expect(ZIsoDate.safeParse('9999-12-31').success).toBe(false);
    expect(ZIsoDate.safeParse('0001-01-01').success).toBe(false);
    expect(ZIsoDateTime.safeParse('2026-01-01T00:00:00.000Z').success).toBe(true);
    expect(ZIsoDateTime.safeParse('9999-12-31T23:59:59.999Z').success).toBe(false);
  });
});

describe('dateRangeOrder', () => {
  const range = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() }).refine(...dateRangeOrder('from', 'to'));
  it('refuses an end before the start, on the end field, and lets either end be absent', () => {
    expect(range.safeParse({ from: '2026-02-01', to: '2026-01-31' }).error?.issues[0]).toMatchObject({
      message: END_BEFORE_START,
      path: ['to'],
    });
    expect(range.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true);
    expect(range.safeParse({ to: '2026-01-31' }).success).toBe(true);
  });
});

describe('keysetPageShape', () => {
  it('takes 20, 50 or 100 rows from the query string, with the given default', () => {
    const page = z.object(keysetPageShape(20));
    expect(page.parse({})).toEqual({ limit: 20 });
    expect(page.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    expect(page.safeParse({ limit: '30' }).success).toBe(false);
  });
});
