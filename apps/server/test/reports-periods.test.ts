import { describe, expect, it } from 'vitest';
import { shares } from '../src/domains/reports/figures.ts';
import { resolvePeriod } from '../src/domains/reports/periods.ts';
import { buildReport } from '../src/domains/reports/service.ts';
import { reportsTestWorld } from './reports-world.ts';

/** Reports: periods in the caller's time zone, and how shares are rounded. */

const { nyUser, utcUser, ctxOf } = await reportsTestWorld();

describe('periods in the caller’s time zone', () => {
  const at = new Date('2026-03-01T03:00:00Z');
  it('resolves each period from the zone’s today', () => {
    const inNewYork = {
      today: { startDate: '2026-02-28', endDate: '2026-02-28', previousStartDate: '2026-02-27', previousEndDate: '2026-02-27', days: 1 },
      yesterday: { startDate: '2026-02-27', endDate: '2026-02-27', previousStartDate: '2026-02-26' },
      last7days: { startDate: '2026-02-22', endDate: '2026-02-28', previousStartDate: '2026-02-15', previousEndDate: '2026-02-21' },
      thisMonth: { startDate: '2026-02-01', endDate: '2026-02-28', previousStartDate: '2026-01-01', previousEndDate: '2026-01-28' },
      lastMonth: { startDate: '2026-01-01', endDate: '2026-01-31', previousStartDate: '2025-12-01', previousEndDate: '2025-12-31' },
      '1year': {
        startDate: '2025-03-01',
        endDate: '2026-02-28',
        previousStartDate: '2024-03-01',
        previousEndDate: '2025-02-28',
        days: 365,
        bucket: 'month',
      },
      '90days': { days: 90, bucket: 'day' },
    } as const;
    for (const [period, expected] of Object.entries(inNewYork))
      expect(resolvePeriod({ period: period as keyof typeof inNewYork }, at, 'America/New_York'), period).toMatchObject(expected);
    expect(resolvePeriod({ period: 'today' }, at, 'UTC')).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(resolvePeriod({ period: 'thisMonth' }, at, 'UTC')).toMatchObject({
      startDate: '2026-03-01',
      previousStartDate: '2026-02-01',
      previousEndDate: '2026-02-01',
    });
    // March 31: last month has fewer days, so the previous period ends with it
    expect(resolvePeriod({ period: 'thisMonth' }, new Date('2026-03-31T12:00:00Z'), 'UTC')).toMatchObject({
      days: 31,
      previousStartDate: '2026-02-01',
      previousEndDate: '2026-02-28',
    });
    expect(resolvePeriod({ period: 'custom', startDate: '2026-01-01', endDate: '2026-04-02' }, at, 'UTC')).toMatchObject({
      days: 92,
      bucket: 'day',
    });
    expect(resolvePeriod({ period: 'custom', startDate: '2026-01-01', endDate: '2026-04-03' }, at, 'UTC')).toMatchObject({
      days: 93,
      bucket: 'month',
    });
  });

  it("counts the New York user's today, not UTC's", async () => {
    const asNyCtx = ctxOf({ ...nyUser, kind: 'customer' });
    const asUtcCtx = ctxOf({ ...utcUser, kind: 'customer' });
    const q = { period: 'today' as const, service: 'all' as const };
    const ny = await buildReport(asNyCtx, q, { now: at });
    const utc = await buildReport(asUtcCtx, q, { now: at });
    expect(ny.period).toMatchObject({ startDate: '2026-02-28', endDate: '2026-02-28', timeZone: 'America/New_York' });
    expect(utc.period).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-01', timeZone: 'UTC' });
    // February 28: A1's numbers only (0.10, as the day before); March 1: both accounts' (0.15) and the SMS
    expect(ny.numbers.numberCosts).toEqual({ value: 0.1, previous: 0.1, change: 0 });
    expect(utc.numbers.numberCosts).toEqual({ value: 0.15, previous: 0.1, change: 50 });
    expect(ny.sms.messagesSent.value).toBe(0);
    expect(utc.sms.messagesSent.value).toBe(135);
    // the opt-out at 03:00 UTC on March 1 is New York's February 28, not UTC's
    const utcFeb28 = await buildReport(asUtcCtx, { period: 'yesterday', service: 'all' }, { now: at });
    expect(utcFeb28.period).toMatchObject({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(ny.sms.optOuts).toBe(1);
    expect(utcFeb28.sms.optOuts).toBe(0);
    expect(utc.sms.optOuts).toBe(1);
  });
});

describe('shares', () => {
  it('add up to 100 with one decimal, or all 0', () => {
    expect(shares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([2, 1])).toEqual([66.7, 33.3]);
  });
});
