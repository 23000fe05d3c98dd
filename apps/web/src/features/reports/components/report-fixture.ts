import type { TReport, TReportPoint } from '@portal/contract/reports';

const trend = (value: number, previous: number, change: number | null) => ({ value, previous, change });
const point = (date: string, over: Partial<TReportPoint> = {}): TReportPoint => ({
  date,
  endDate: date,
  smsSent: 0,
  smsDelivered: 0,
  smsFailed: 0,
  calls: 0,
  callsCompleted: 0,
  callsFailed: 0,
  cost: 0,
  smsCost: 0,
  voiceCost: 0,
  numbersCost: 0,
  ...over,
});

/** A small report as the server answers it, for the component tests. */
export function reportFixture(over: Partial<TReport> = {}): TReport {
  return {
    period: {
      period: '30days',
      label: 'Last 30 Days',
      startDate: '2026-03-01',
      endDate: '2026-03-30',
      previousStartDate: '2026-01-30',
      previousEndDate: '2026-02-28',
      timeZone: 'UTC',
      days: 30,
    },
    service: 'all',
    scope: 'Acme Communications Inc.',
    bucket: 'day',
    series: [
      point('2026-03-01', { smsSent: 10, smsDelivered: 9, smsFailed: 1, calls: 4, callsCompleted: 3, callsFailed: 1, cost: 1.5 }),
      point('2026-03-02', { smsSent: 20, smsDelivered: 20, calls: 2, callsCompleted: 2, cost: 2.25 }),
    ],
    overview: {
      totalSpend: trend(1234.5, 1000, 23.5),
      smsDeliveryRate: trend(96.7, 95, 1.8),
      voiceAsr: trend(83.3, 90, -7.4),
      averageLatency: trend(2.4, 3, -20),
      breakdown: [
        { service: 'SMS', cost: 555.53, percent: 45 },
        { service: 'Voice', cost: 246.9, percent: 20 },
        { service: 'Numbers', cost: 185.18, percent: 15 },
        { service: 'Other', cost: 246.89, percent: 20 },
      ],
      usageDetail: [],
    },
    sms: {
      messagesSent: trend(1530, 1200, 27.5),
      smsCosts: trend(11.48, 10.61, 8.2),
      deliveryRate: trend(96.7, 95, 1.8),
      averageLatency: trend(2.4, 3, -20),
      delivered: 1450,
      deliveredPercent: 96.7,
      failed: 50,
      failedPercent: 3.3,
      optOutRate: 0.4,
      optOuts: 6,
      conversionRate: 12.5,
      inbound: 181,
      segments: 1700,
    },
    voice: {
      callsCompleted: trend(300, 320, -6.3),
      callDuration: trend(912, 800, 14),
      voiceCosts: trend(45.6, 52, -12.3),
      answerSuccessRate: trend(83.3, 90, -7.4),
      averageCallTime: 182.4,
      failedCalls: 60,
      internationalCalls: 7,
      inboundCalls: 40,
      totalCalls: 360,
    },
    numbers: {
      activeNumbers: 42,
      monthlyFees: 84.5,
      numberCosts: trend(84.5, 80, 5.6),
      utilization: 71.4,
      portingInProgress: 2,
      mostActiveNumber: { number: '+12125550123', activity: 88 },
      byType: [
        { type: 'Local', count: 30, percent: 71.4 },
        { type: 'Toll-Free', count: 12, percent: 28.6 },
      ],
    },
    analytics: null,
    ...over,
  };
}
