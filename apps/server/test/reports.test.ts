import { describe, expect, it } from 'vitest';
import { reportsTestWorld, WEEK } from './reports-world.ts';

/**
 * Reports: every figure of a customer's week against the hand-made data set of reports-world.ts
 * (the expected values worked out in the comments).
 */

const { a1, report } = await reportsTestWorld();

describe('the report of a week (custom range), as the customer', () => {
  it('states its period, the previous one, the zone and the scope', async () => {
    const r = await report(WEEK);
    expect(r.period).toEqual({
      period: 'custom',
      label: 'Custom Range',
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      previousStartDate: '2026-02-22',
      previousEndDate: '2026-02-28',
      timeZone: 'America/New_York',
      days: 7,
    });
    expect(r.scope).toBe('Reports Test Co');
    expect(r.service).toBe('all');
    expect(r.bucket).toBe('day');
    expect(r.analytics).toBeNull();
  });

  it('computes the overview tiles, their trends and the breakdown', async () => {
    const { overview } = await report(WEEK);
    // spend: SMS 1.35 + Voice 2.00 + Numbers 1.05 + Other 25.00 = 29.40; before: 0.60 + 0.40 + 0.70 + 10.00 = 11.70
    expect(overview.totalSpend).toEqual({ value: 29.4, previous: 11.7, change: 151.3 });
    // delivered 145 of 160 outbound with an outcome (90.6); before 60 of 70 (85.7)
    expect(overview.smsDeliveryRate).toEqual({ value: 90.6, previous: 85.7, change: 5.7 });
    // answered 25 of 30 calls; before 8 of 10
    expect(overview.voiceAsr).toEqual({ value: 83.3, previous: 80, change: 4.1 });
    // 62,000 ms over 130 delivered messages = 0.48 s; before 30,000 / 60 = 0.5 s
    expect(overview.averageLatency).toEqual({ value: 0.48, previous: 0.5, change: -4 });
    // 1.35, 2.00, 1.05, 25.00 of 29.40: 4.59 / 6.80 / 3.57 / 85.03, to tenths that add up to 100
    expect(overview.breakdown).toEqual([
      { service: 'SMS', cost: 1.35, percent: 4.6 },
      { service: 'Voice', cost: 2, percent: 6.8 },
      { service: 'Numbers', cost: 1.05, percent: 3.6 },
      { service: 'Other', cost: 25, percent: 85 },
    ]);
    expect(overview.breakdown.reduce((s, b) => s + b.percent, 0)).toBeCloseTo(100, 6);
  });

  it('lists the usage detail newest first, a row per day and service', async () => {
    const { overview } = await report(WEEK);
    expect(overview.usageDetail.map((r) => [r.date, r.service, r.volume, r.cost, r.status])).toEqual([
      ['2026-03-07', 'Voice', 10, 0.5, 'Completed'],
      ['2026-03-07', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-06', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-05', 'SMS', 40, 0.3, 'Partial'],
      ['2026-03-05', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-04', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-03', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-02', 'Voice', 20, 1.5, 'Partial'],
      ['2026-03-02', 'Numbers', 5, 0.15, 'Completed'],
      ['2026-03-01', 'SMS', 150, 1.05, 'Partial'],
      ['2026-03-01', 'Numbers', 5, 0.15, 'Completed'],
    ]);
    expect(new Set(overview.usageDetail.map((r) => r.id)).size).toBe(11);
  });

  it('draws a bucket per day, every day present', async () => {
    const { series } = await report(WEEK);
    expect(series.map((p) => [p.date, p.endDate])).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => [`2026-03-${d}`, `2026-03-${d}`]),
    );
    const byDay = Object.fromEntries(series.map((p) => [p.date, p]));
    expect(byDay['2026-03-01']).toEqual({
      date: '2026-03-01',
      endDate: '2026-03-01',
      smsSent: 135,
      smsDelivered: 115,
      smsFailed: 5,
      calls: 0,
      callsCompleted: 0,
      callsFailed: 0,
      cost: 1.2,
      smsCost: 1.05,
      voiceCost: 0,
      numbersCost: 0.15,
    });
    expect(byDay['2026-03-02']).toMatchObject({ calls: 20, callsCompleted: 15, callsFailed: 5, voiceCost: 1.5, cost: 1.65 });
    expect(byDay['2026-03-03']).toMatchObject({ smsSent: 0, cost: 0.15 });
    expect(series.map((p) => p.cost)).toEqual([1.2, 1.65, 0.15, 0.15, 0.45, 0.15, 0.65]);
  });

  it('computes the SMS tab', async () => {
    const { sms } = await report(WEEK);
    expect(sms).toEqual({
      messagesSent: { value: 175, previous: 70, change: 150 },
      smsCosts: { value: 1.35, previous: 0.6, change: 125 },
      deliveryRate: { value: 90.6, previous: 85.7, change: 5.7 },
      averageLatency: { value: 0.48, previous: 0.5, change: -4 },
      delivered: 145,
      deliveredPercent: 82.9, // of 175 sent
      failed: 15,
      failedPercent: 8.6,
      // opt-outs of the New York week (the one at 03:00 UTC on March 1 is February 28 there): 2 per 145 delivered
      optOuts: 2,
      optOutRate: 1.4,
      // 15 inbound replies per 145 delivered
      conversionRate: 10.3,
      inbound: 15,
      segments: 210,
    });
  });

  it('computes the Voice tab', async () => {
    const { voice } = await report(WEEK);
    expect(voice).toEqual({
      callsCompleted: { value: 25, previous: 8, change: 212.5 },
      callDuration: { value: 40, previous: 8, change: 400 }, // billed minutes: 2,400 s and 480 s
      voiceCosts: { value: 2, previous: 0.4, change: 400 },
      answerSuccessRate: { value: 83.3, previous: 80, change: 4.1 },
      averageCallTime: 96, // 2,400 billed seconds over 25 completed calls
      failedCalls: 5,
      internationalCalls: 3,
      inboundCalls: 4,
      totalCalls: 30,
    });
  });

  it('computes the Numbers tab', async () => {
    const { numbers } = await report(WEEK);
    expect(numbers).toEqual({
      activeNumbers: 4,
      monthlyFees: 5,
      numberCosts: { value: 1.05, previous: 0.7, change: 50 },
      // 0101, 0102 and 0103 carried traffic in the week; 0104 did not
      utilization: 75,
      portingInProgress: 2,
      mostActiveNumber: { number: '+19995550101', activity: 5 },
      byType: [
        { type: 'Local', count: 3, percent: 75 },
        { type: 'Toll-Free', count: 1, percent: 25 },
      ],
    });
  });

  it('limits the series, the detail, the breakdown and the spend to the chosen service', async () => {
    const r = await report({ ...WEEK, service: 'sms' });
    expect(r.service).toBe('sms');
    expect(r.overview.totalSpend).toEqual({ value: 1.35, previous: 0.6, change: 125 });
    expect(r.overview.breakdown).toEqual([
      { service: 'SMS', cost: 1.35, percent: 100 },
      { service: 'Voice', cost: 0, percent: 0 },
      { service: 'Numbers', cost: 0, percent: 0 },
      { service: 'Other', cost: 0, percent: 0 },
    ]);
    expect(r.overview.usageDetail.map((d) => `${d.date} ${d.service}`)).toEqual(['2026-03-05 SMS', '2026-03-01 SMS']);
    expect(r.series.map((p) => p.cost)).toEqual([1.05, 0, 0, 0, 0.3, 0, 0]);
    expect(r.series.every((p) => p.calls === 0 && p.voiceCost === 0 && p.numbersCost === 0)).toBe(true);
    // the service tabs keep their own figures
    expect(r.voice.totalCalls).toBe(30);
    const voice = await report({ ...WEEK, service: 'voice' });
    expect(voice.overview.totalSpend).toEqual({ value: 2, previous: 0.4, change: 400 });
    expect(voice.series.map((p) => p.cost)).toEqual([0, 1.5, 0, 0, 0, 0, 0.5]);
  });

  it('narrows to one of its accounts', async () => {
    const r = await report({ ...WEEK, accountId: a1 });
    expect(r.scope).toBe('Reports Test Co — Main');
    // A1: SMS 0.75 + 0.30, Voice 1.50, Numbers 0.70, Other 20.00 (its service line; the unassigned adjustment is the company's)
    expect(r.overview.totalSpend.value).toBe(23.25);
    expect(r.sms.messagesSent.value).toBe(130);
    expect(r.voice.totalCalls).toBe(20);
    expect(r.numbers.activeNumbers).toBe(2);
    expect(r.numbers.portingInProgress).toBe(1);
    expect(r.sms.optOuts).toBe(1);
  });

  it('draws monthly buckets and growth over long periods', async () => {
    const r = await report({ period: 'custom', startDate: '2026-02-22', endDate: '2026-05-31' });
    expect(r.bucket).toBe('month');
    expect(r.series.map((p) => [p.date, p.endDate, p.cost])).toEqual([
      // February: SMS 0.60 + Voice 0.40 + Numbers 0.70; March 1..7: 4.40
      ['2026-02-22', '2026-02-28', 1.7],
      ['2026-03-01', '2026-03-31', 11.4], // and the SMS of March 8 (7.00)
      ['2026-04-01', '2026-04-30', 0],
      ['2026-05-01', '2026-05-31', 0],
    ]);
    // the previous 100 days hold only the SMS of February 21 (7.00); Other: both invoices (25.00 + 10.00)
    expect(r.overview.totalSpend).toEqual({ value: 48.1, previous: 7, change: 587.1 });
    // the Usage Detail of a long period: its newest days, read apart from the monthly buckets
    expect(r.overview.usageDetail.map((d) => `${d.date} ${d.service} ${d.volume} ${d.cost} ${d.status}`)).toEqual([
      '2026-03-08 SMS 7 7 Completed',
      '2026-03-07 Voice 10 0.5 Completed',
      '2026-03-07 Numbers 5 0.15 Completed',
      '2026-03-06 Numbers 5 0.15 Completed',
      '2026-03-05 SMS 40 0.3 Partial',
      '2026-03-05 Numbers 5 0.15 Completed',
      '2026-03-04 Numbers 5 0.15 Completed',
      '2026-03-03 Numbers 5 0.15 Completed',
      '2026-03-02 Voice 20 1.5 Partial',
      '2026-03-02 Numbers 5 0.15 Completed',
      '2026-03-01 SMS 150 1.05 Partial',
      '2026-03-01 Numbers 5 0.15 Completed',
      '2026-02-28 Numbers 3 0.1 Completed',
      '2026-02-27 Numbers 3 0.1 Completed',
      '2026-02-26 Voice 10 0.4 Partial',
      '2026-02-26 Numbers 3 0.1 Completed',
      '2026-02-25 SMS 80 0.6 Partial',
      '2026-02-25 Numbers 3 0.1 Completed',
      '2026-02-24 Numbers 3 0.1 Completed',
      '2026-02-23 Numbers 3 0.1 Completed',
      '2026-02-22 Numbers 3 0.1 Completed',
    ]);
  });
});
