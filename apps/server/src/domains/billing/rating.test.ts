import { describe, expect, it } from 'vitest';
import { billedSeconds, callCost, compileDeck, parseIncrements, parseRateDeckCsv, type RatePrefix } from './rating.ts';

const row = (
  prefix: string,
  ratePerMinute: number,
  increments: string,
  effectiveFrom: string,
  description = `Prefix ${prefix}`,
): RatePrefix => {
  const [first, next] = increments.split('/').map(Number) as [number, number];
  return { prefix, description, ratePerMinute, firstIncrement: first, nextIncrement: next, effectiveFrom };
};

const DECK: RatePrefix[] = [
  row('1', 0.01, '60/6', '2024-01-01', 'USA/Canada'),
  row('1415', 0.02, '6/6', '2024-01-01', 'USA San Francisco'),
  row('14155', 0.05, '1/1', '2024-01-01', 'USA San Francisco mobile'),
  row('44', 0.03, '30/6', '2024-01-01', 'UK'),
  row('44', 0.5, '30/6', '2099-01-01', 'UK (future)'),
  row('44', 0.025, '30/6', '2024-06-01', 'UK (June)'),
  row('447', 0.1, '60/60', '2024-07-01', 'UK mobile'),
  row('49', 0.0105, '60/6', '2024-01-01', 'Germany'),
  row('33', 0.0003, '1/1', '2024-01-01', 'France'),
];
const deck = compileDeck(DECK);
const at = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);

describe('billedSeconds', () => {
  it('bills the first increment, then whole next increments', () => {
    expect(billedSeconds(61, 60, 6)).toBe(66);
    expect(billedSeconds(60, 60, 6)).toBe(60);
    expect(billedSeconds(1, 60, 6)).toBe(60);
    expect(billedSeconds(66, 60, 6)).toBe(66);
    expect(billedSeconds(67, 60, 6)).toBe(72);
    expect(billedSeconds(5, 6, 6)).toBe(6);
    expect(billedSeconds(7, 6, 6)).toBe(12);
    expect(billedSeconds(1, 60, 60)).toBe(60);
    expect(billedSeconds(61, 60, 60)).toBe(120);
    expect(billedSeconds(1, 1, 1)).toBe(1);
    expect(billedSeconds(59, 1, 1)).toBe(59);
    expect(billedSeconds(29, 30, 6)).toBe(30);
    expect(billedSeconds(31, 30, 6)).toBe(36);
    expect(billedSeconds(36, 30, 6)).toBe(36);
    expect(billedSeconds(37, 30, 6)).toBe(42);
  });

  it('bills nothing for 0 s and rounds part-seconds up', () => {
    expect(billedSeconds(0, 60, 6)).toBe(0);
    expect(billedSeconds(0, 1, 1)).toBe(0);
    expect(billedSeconds(0.4, 1, 1)).toBe(1);
    expect(billedSeconds(60.5, 60, 6)).toBe(66);
  });

  it('rejects a negative or non-finite duration and non-positive increments', () => {
    expect(() => billedSeconds(-1, 60, 6)).toThrow(RangeError);
    expect(() => billedSeconds(Number.NaN, 60, 6)).toThrow(RangeError);
    expect(() => billedSeconds(Number.POSITIVE_INFINITY, 60, 6)).toThrow(RangeError);
    expect(() => billedSeconds(10, 60, 0)).toThrow(RangeError);
  });
});

describe('callCost', () => {
  it('is rate × billed / 60', () => {
    expect(callCost(0.01, 66)).toBe(0.011);
    expect(callCost(0.07, 30)).toBe(0.035);
    expect(callCost(0.02, 60)).toBe(0.02);
    expect(callCost(0, 600)).toBe(0);
    expect(callCost(0.5, 0)).toBe(0);
  });

  it('rounds half-up to 4 decimals, exactly', () => {
    expect(callCost(0.0105, 66)).toBe(0.0116); // 0.01155
    expect(callCost(0.0003, 10)).toBe(0.0001); // 0.00005, though 0.0003 × 10 / 60 × 10^4 is 0.49999999999999994 in floating point
    expect(callCost(0.0003, 9)).toBe(0); // 0.000045
    expect(callCost(1.2345, 61)).toBe(1.2551); // 1.255075
    expect(callCost(0.0001, 6)).toBe(0); // 0.00001
    expect(callCost(0.0007, 30)).toBe(0.0004); // 0.00035
    expect(callCost(0.0007, 29)).toBe(0.0003); // 0.000338…
  });

  it('rounds rates with more decimals, and negative amounts away from zero', () => {
    expect(callCost(0.00015, 60)).toBe(0.0002); // 0.00015
    expect(callCost(0.012345, 60)).toBe(0.0123);
    expect(callCost(-0.0003, 10)).toBe(-0.0001);
  });
});

describe('compileDeck: rating', () => {
  it('counts its rows', () => {
    expect(deck.size).toBe(DECK.length);
    expect(compileDeck([]).size).toBe(0);
    expect(compileDeck([]).rate('+14155550100', at('2024-03-01'), 60)).toBeNull();
  });

  it('matches the longest prefix', () => {
    expect(deck.rate('+14155550100', at('2024-03-01'), 61)).toEqual({
      prefix: '14155',
      description: 'USA San Francisco mobile',
      billedSeconds: 61, // 1/1
      cost: 0.0508, // 0.05 × 61 / 60 = 0.050833…
    });
    expect(deck.rate('+14151234567', at('2024-03-01'), 61)).toEqual({
      prefix: '1415',
      description: 'USA San Francisco',
      billedSeconds: 66, // 6/6
      cost: 0.022, // 0.02 × 66 / 60
    });
    expect(deck.rate('+12125550100', at('2024-03-01'), 61)).toEqual({
      prefix: '1',
      description: 'USA/Canada',
      billedSeconds: 66, // 60/6
      cost: 0.011,
    });
    expect(deck.rate('+14159', at('2024-03-01'), 5)?.prefix).toBe('1415');
    expect(deck.rate('+1', at('2024-03-01'), 5)?.prefix).toBe('1');
  });

  it('uses each row’s increments', () => {
    expect(deck.rate('+12125550100', at('2024-03-01'), 5)).toMatchObject({ billedSeconds: 60, cost: 0.01 }); // 60/6
    expect(deck.rate('+14151234567', at('2024-03-01'), 5)).toMatchObject({ billedSeconds: 6, cost: 0.002 }); // 6/6
    expect(deck.rate('+14155550100', at('2024-03-01'), 5)).toMatchObject({ billedSeconds: 5, cost: 0.0042 }); // 1/1: 0.0041666…
    expect(deck.rate('+442071234567', at('2024-03-01'), 31)).toMatchObject({ billedSeconds: 36, cost: 0.018 }); // 30/6 at 0.03
    expect(deck.rate('+442071234567', at('2024-03-01'), 20)).toMatchObject({ billedSeconds: 30, cost: 0.015 });
  });

  it('bills a 0-second call nothing, still naming its prefix', () => {
    expect(deck.rate('+14155550100', at('2024-03-01'), 0)).toEqual({
      prefix: '14155',
      description: 'USA San Francisco mobile',
      billedSeconds: 0,
      cost: 0,
    });
    expect(deck.rate('+442071234567', at('2024-03-01'), 0)).toMatchObject({ billedSeconds: 0, cost: 0 });
  });

  it('rounds the cost half-up to 4 decimals', () => {
    expect(deck.rate('+4930123456', at('2024-03-01'), 61)).toMatchObject({ billedSeconds: 66, cost: 0.0116 }); // 0.0105 × 66 / 60 = 0.01155
    expect(deck.rate('+33123456789', at('2024-03-01'), 10)).toMatchObject({ billedSeconds: 10, cost: 0.0001 }); // 0.00005
    expect(deck.rate('+33123456789', at('2024-03-01'), 9)).toMatchObject({ billedSeconds: 9, cost: 0 }); // 0.000045
  });

  it('uses only rows effective on the call’s UTC day, the newest one', () => {
    const uk = (when: string) => deck.rate('+442071234567', at(when), 60);
    expect(uk('2023-12-31')).toBeNull(); // before any UK row
    expect(uk('2024-01-01T00:00:00Z')).toMatchObject({ description: 'UK', cost: 0.03 });
    expect(uk('2024-05-31T23:59:59.999Z')).toMatchObject({ description: 'UK', cost: 0.03 });
    expect(uk('2024-06-01T00:30:00+02:00')).toMatchObject({ description: 'UK', cost: 0.03 }); // still 31 May in UTC
    expect(uk('2024-06-01T00:00:00Z')).toMatchObject({ description: 'UK (June)', cost: 0.025 });
    expect(uk('2025-01-01')).toMatchObject({ description: 'UK (June)', cost: 0.025 }); // the 2099 row is not yet effective
    expect(uk('2099-01-01')).toMatchObject({ description: 'UK (future)', cost: 0.5 });
  });

  it('falls back to a shorter prefix while the longer one is not yet effective', () => {
    const mobile = (when: string) => deck.rate('+447700900123', at(when), 60);
    expect(mobile('2024-06-30')).toMatchObject({ prefix: '44', description: 'UK (June)', billedSeconds: 60, cost: 0.025 });
    expect(mobile('2024-07-01')).toMatchObject({ prefix: '447', description: 'UK mobile', billedSeconds: 60, cost: 0.1 });
    expect(mobile('2024-03-01')).toMatchObject({ prefix: '44', description: 'UK' });
  });

  it('returns null when no prefix matches', () => {
    expect(deck.rate('+861012345678', at('2024-03-01'), 60)).toBeNull();
    expect(deck.rate('+4', at('2024-03-01'), 60)).toBeNull();
    expect(deck.rate('', at('2024-03-01'), 60)).toBeNull();
    expect(deck.rate('anonymous', at('2024-03-01'), 60)).toBeNull();
    expect(deck.rate('+14155550100', new Date(Number.NaN), 60)).toBeNull();
  });

  it('drops the + and ignores non-digits in the destination', () => {
    const expected = deck.rate('+14155550100', at('2024-03-01'), 61);
    expect(deck.rate('14155550100', at('2024-03-01'), 61)).toEqual(expected);
    expect(deck.rate('+1 (415) 555-0100', at('2024-03-01'), 61)).toEqual(expected);
    expect(deck.rate('+1-415-5', at('2024-03-01'), 61)).toEqual(expected);
    expect(deck.rate('tel:+1.415.4', at('2024-03-01'), 61)?.prefix).toBe('1415');
  });

  it('lets the later of two rows with the same prefix and day win', () => {
    const twice = compileDeck([row('81', 0.1, '60/60', '2024-01-01', 'first'), row('81', 0.2, '60/60', '2024-01-01', 'second')]);
    expect(twice.rate('+81312345678', at('2024-03-01'), 60)).toMatchObject({ description: 'second', cost: 0.2 });
  });

  it('rejects a row it cannot rate with', () => {
    expect(() => compileDeck([row('+1', 0.01, '60/6', '2024-01-01')])).toThrow(/prefix/);
    expect(() => compileDeck([row('', 0.01, '60/6', '2024-01-01')])).toThrow(/prefix/);
    expect(() => compileDeck([row('1', 0.01, '60/6', '2024-02-30')])).toThrow(/effectiveFrom/);
    expect(() => compileDeck([row('1', -0.01, '60/6', '2024-02-01')])).toThrow(/rate/);
    expect(() => compileDeck([row('1', 0.01, '0/6', '2024-02-01')])).toThrow(/increments/);
    expect(() => compileDeck([row('1', 0.01, '60/6', '2024-02-01')])).not.toThrow();
  });

  it('agrees with a plain scan of the deck on random calls', () => {
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const days = ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01'];
    const rows: RatePrefix[] = [];
    for (let i = 0; i < 400; i++) {
      const day = days[Math.floor(random() * days.length)] as string;
      rows.push(row(digits(1 + Math.floor(random() * 4)), Math.round(random() * 10_000) / 10_000, '30/6', day, `row ${i}`));
    }
    const random_deck = compileDeck(rows);
    const dayOf = (s: string) => Date.parse(`${s}T00:00:00Z`);
    for (let i = 0; i < 2000; i++) {
      const to = `+${digits(8)}`;
      const when = new Date(Date.parse('2023-12-31T00:00:00Z') + Math.floor(random() * 100 * 86_400_000));
      const duration = Math.floor(random() * 200);
      let best: { r: RatePrefix; i: number } | null = null;
      rows.forEach((r, k) => {
        if (!to.slice(1).startsWith(r.prefix) || dayOf(r.effectiveFrom) > when.getTime()) return;
        if (
          !best ||
          r.prefix.length > best.r.prefix.length ||
          (r.prefix.length === best.r.prefix.length && r.effectiveFrom >= best.r.effectiveFrom)
        ) {
          best = { r, i: k };
        }
      });
      const found = best as { r: RatePrefix; i: number } | null;
      const expected = found && {
        prefix: found.r.prefix,
        description: found.r.description,
        billedSeconds: billedSeconds(duration, 30, 6),
        cost: callCost(found.r.ratePerMinute, billedSeconds(duration, 30, 6)),
      };
      expect(random_deck.rate(to, when, duration)).toEqual(expected);
    }
  });
});

describe('parseIncrements', () => {
  it('reads first/next increments', () => {
    expect(parseIncrements('60/6')).toEqual({ firstIncrement: 60, nextIncrement: 6 });
    expect(parseIncrements('1/1')).toEqual({ firstIncrement: 1, nextIncrement: 1 });
    expect(parseIncrements('3600/3600')).toEqual({ firstIncrement: 3600, nextIncrement: 3600 });
    expect(parseIncrements(' 30 / 6 ')).toEqual({ firstIncrement: 30, nextIncrement: 6 });
  });

  it('returns null when unreadable or out of 1..3600', () => {
    for (const bad of ['', '60', '60/', '/6', '0/6', '60/0', '3601/6', '60/3601', '-1/6', '6.5/6', '60/6/6', 'a/b', '60-6', '60 6']) {
      expect(parseIncrements(bad), bad).toBeNull();
    }
  });
});

describe('parseRateDeckCsv', () => {
  const HEADER = 'prefix,description,rate_per_minute,increments,effective_date';

  it('reads a good file', () => {
    const text = [
      HEADER,
      '1,USA/Canada,0.01,60/6,2024-01-01',
      '+1415,"San Francisco, CA",0.02,6/6,2024-01-01',
      '',
      '44, UK ,0.0250,30/6,2024-06-01',
      '447,UK mobile,.1,60/60,2024-07-01',
      '49,Germany,2,1/1,2024-01-01',
      '',
    ].join('\r\n');
    expect(parseRateDeckCsv(text)).toEqual({
      rows: [
        { prefix: '1', description: 'USA/Canada', ratePerMinute: 0.01, firstIncrement: 60, nextIncrement: 6, effectiveFrom: '2024-01-01' },
        {
          prefix: '1415',
          description: 'San Francisco, CA',
          ratePerMinute: 0.02,
          firstIncrement: 6,
          nextIncrement: 6,
          effectiveFrom: '2024-01-01',
        },
        { prefix: '44', description: 'UK', ratePerMinute: 0.025, firstIncrement: 30, nextIncrement: 6, effectiveFrom: '2024-06-01' },
        { prefix: '447', description: 'UK mobile', ratePerMinute: 0.1, firstIncrement: 60, nextIncrement: 60, effectiveFrom: '2024-07-01' },
        { prefix: '49', description: 'Germany', ratePerMinute: 2, firstIncrement: 1, nextIncrement: 1, effectiveFrom: '2024-01-01' },
      ],
      errors: [],
    });
  });

  it('accepts a byte-order mark and a header in any case; a header alone has no rows', () => {
    expect(parseRateDeckCsv(`\uFEFF${HEADER.toUpperCase()}\n1,USA,0.01,60/6,2024-01-01\n`).rows).toHaveLength(1);
    expect(parseRateDeckCsv(`${HEADER}\n`)).toEqual({ rows: [], errors: [] });
  });

  it('reports each bad line by its line in the file and keeps the good ones', () => {
    const text = [
      HEADER, // 1
      '1,USA,0.01,60/6,2024-01-01', // 2
      '', // 3
      '1-415,Bad prefix,0.02,6/6,2024-01-01', // 4
      '44,"UK,', // 5: a quoted description over two lines
      'London",0.03,30/6,2024-01-01', // 6
      '49,Germany,0.01234,60/6,2024-01-01', // 7: 5 decimals
      '33,France,-0.01,60/6,2024-01-01', // 8
      '34,Spain,0.01,60,2024-01-01', // 9
      '39,Italy,0.01,60/6,2024-02-30', // 10
      '61,Australia,0.01,60/6', // 11
      '1234567890123456,Too long,0.01,60/6,2024-01-01', // 12
      '+,Nothing,0.01,60/6,2024-01-01', // 13
      '81,Japan,abc,0/6,01/02/2024', // 14
      '91,India,0.0125,1/1,2024-01-01', // 15
    ].join('\n');
    const { rows, errors } = parseRateDeckCsv(text);
    expect(rows.map((r) => r.prefix)).toEqual(['1', '44', '91']);
    expect(rows[1]?.description).toBe('UK,\nLondon');
    expect(errors.map((e) => e.line)).toEqual([4, 7, 8, 9, 10, 11, 12, 13, 14]);
    const at = (line: number) => errors.find((e) => e.line === line)?.message ?? '';
    expect(at(4)).toMatch(/prefix/);
    expect(at(7)).toMatch(/rate/);
    expect(at(8)).toMatch(/rate/);
    expect(at(9)).toMatch(/increments/);
    expect(at(10)).toMatch(/date/);
    expect(at(11)).toMatch(/Expected 5 fields.*found 4/);
    expect(at(12)).toMatch(/prefix/);
    expect(at(13)).toMatch(/prefix/);
    expect(at(14)).toMatch(/rate.*increments.*date/);
  });

  it('reports an unclosed quote on the line it opens', () => {
    const { rows, errors } = parseRateDeckCsv(
      `${HEADER}\n1,USA,0.01,60/6,2024-01-01\n44,"UK,0.03,30/6,2024-01-01\n49,Germany,0.01,60/6,2024-01-01\n`,
    );
    expect(rows.map((r) => r.prefix)).toEqual(['1']);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.line).toBe(3);
    expect(errors[0]?.message).toMatch(/Unreadable CSV/);
    expect(parseRateDeckCsv('"prefix,description\n').errors).toEqual([{ line: 1, message: expect.stringMatching(/Unreadable CSV/) }]);
  });

  it('reports a wrong header or an empty file as one error on line 1', () => {
    const wrong = parseRateDeckCsv('prefix,description,rate,increments,effective_date\n1,USA,0.01,60/6,2024-01-01\n');
    expect(wrong.rows).toEqual([]);
    expect(wrong.errors).toEqual([{ line: 1, message: expect.stringMatching(/header/) }]);
    expect(parseRateDeckCsv('prefix,description,rate_per_minute,increments\n').errors).toEqual([
      { line: 1, message: expect.stringMatching(/header/) },
    ]);
    expect(parseRateDeckCsv('1,USA,0.01,60/6,2024-01-01\n').errors).toEqual([{ line: 1, message: expect.stringMatching(/header/) }]);
    for (const empty of ['', '\n\n', '\uFEFF', ' , , \n']) {
      expect(parseRateDeckCsv(empty), JSON.stringify(empty)).toEqual({
        rows: [],
        errors: [{ line: 1, message: expect.stringMatching(/empty/) }],
      });
    }
  });

  it('reports a duplicate (prefix, effective date) on the later line', () => {
    const text = [
      HEADER,
      '1,USA,0.01,60/6,2024-01-01',
      '1,USA,0.011,60/6,2024-02-01',
      '44,UK,0.03,30/6,2024-01-01',
      '+1,USA again,0.02,60/6,2024-01-01',
    ].join('\n');
    const { rows, errors } = parseRateDeckCsv(text);
    expect(rows.map((r) => `${r.prefix} ${r.effectiveFrom}`)).toEqual(['1 2024-01-01', '1 2024-02-01', '44 2024-01-01']);
    expect(errors).toEqual([{ line: 5, message: expect.stringMatching(/[Dd]uplicate of line 2/) }]);
  });

  it('feeds compileDeck', () => {
    const { rows } = parseRateDeckCsv(`${HEADER}\n1,USA,0.01,60/6,2024-01-01\n1415,SF,0.02,6/6,2024-01-01\n`);
    expect(compileDeck(rows).rate('+14155550100', at('2024-03-01'), 61)).toEqual({
      prefix: '1415',
      description: 'SF',
      billedSeconds: 66,
      cost: 0.022,
    });
  });
});
