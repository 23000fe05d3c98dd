/** Usage: a year of call detail records and messages per account (usage_daily is rolled up from them in SQL). */
import { compileDeck, type DeckRater, rateCall } from '../../domains/billing/rating.ts';
import type * as s from '../schema/index.ts';
import type { Row, SeedAccount, SeedContext } from './context.ts';
import { allocate, at, DAY, maxDate, TIER_WEIGHT, trafficTime } from './helpers.ts';

/** Where international traffic goes: country prefixes of the default deck, with fictional subscriber numbers. */
const ABROAD: readonly (readonly [string, number, number])[] = [
  ['+44207946', 4, 5], // United Kingdom, London (Ofcom's drama range)
  ['+447700900', 3, 3], // United Kingdom mobile (drama range)
  ['+5255', 8, 4], // Mexico City
  ['+4930', 8, 2], // Germany, Berlin
  ['+331', 8, 2], // France, Paris
  ['+6125550', 4, 1], // Australia (fictional range)
  ['+813', 8, 1], // Japan, Tokyo
  ['+9122', 8, 1], // India, Mumbai
];

/**
 * Outbound traffic to numbers outside +1: a fixed pool (the same people recur), picked from its
 * own stream so the rest of the traffic is the same with or without it.
 */
function abroad(sc: SeedContext, share: number, label: string) {
  const rng = sc.rng.fork(label);
  const pool = Array.from({ length: 60 }, () => {
    const [prefix, digits] = rng.weighted(ABROAD.map((a) => [a, a[2]] as const));
    return `${prefix}${rng.digits(digits)}`;
  });
  return (domestic: string) => (rng.chance(share) ? rng.pick(pool) : domestic);
}

export function seedUsage(sc: SeedContext): void {
  const rng = sc.rng.fork('traffic');
  const callAbroad = abroad(sc, 0.04, 'international-calls');
  const messageAbroad = abroad(sc, 0.02, 'international-messages');
  const yearAgo = sc.ago(365);
  const windows = sc.accounts.map((a) => {
    const start = maxDate(a.createdAt, yearAgo);
    const end = a.endedAt ?? sc.now;
    return a.billable && end.getTime() > start.getTime() ? ([start, end] as const) : null;
  });
  const windowDays = (i: number) => {
    const w = windows[i];
    return w ? (w[1].getTime() - w[0].getTime()) / DAY : 0;
  };
  const acmeBoost = (a: SeedAccount) => (a.customer.index === 0 ? 1.5 : 1);
  /** Each account's share of a kind of traffic: its tier, how much its profile uses the kind, and its window. */
  const trafficWeights = (numbersOf: (a: SeedAccount) => unknown[], profile: 'voice' | 'sms') =>
    sc.accounts.map((a, i) => {
      if (!windows[i] || !numbersOf(a).length) return 0;
      const prof = a.profile === profile ? 1.6 : a.profile === 'mixed' ? 1 : 0.25;
      return TIER_WEIGHT[a.customer.spec.tier] * prof * acmeBoost(a) * (windowDays(i) / 365);
    });

  // CDRs
  const voiceNumbersOf = (a: SeedAccount) => a.numbers.filter((n) => n.features.includes('Voice'));
  const cdrCounts = allocate(sc.volumes.cdrs, trafficWeights(voiceNumbersOf, 'voice'));
  const cdrs: Row<typeof s.cdrs>[] = [];
  // every call is rated against its customer's deck (else the default), as ingestion rates it
  const raters = new Map<string, DeckRater>();
  const raterFor = (customerId: string): DeckRater => {
    const key = sc.decks.has(customerId) ? customerId : '';
    let r = raters.get(key);
    if (!r) {
      const d = sc.decks.get(key);
      if (!d) throw new Error('seedRating must run before seedUsage');
      r = { deck: compileDeck(d.prefixes), inbound: d.inbound };
      raters.set(key, r);
    }
    return r;
  };
  sc.accounts.forEach((a, i) => {
    const w = windows[i];
    const n = at(cdrCounts, i);
    if (!w || n === 0) return;
    const rater = raterFor(a.customer.id);
    const nums = voiceNumbersOf(a);
    for (let k = 0; k < n; k++) {
      const startedAt = trafficTime(rng, w[0], w[1]);
      const own = rng.pick(nums).number;
      const outbound = rng.chance(0.6);
      const status = rng.weighted<'Completed' | 'Failed' | 'Busy' | 'No Answer'>([
        ['Completed', 86],
        ['No Answer', 7],
        ['Busy', 4],
        ['Failed', 3],
      ]);
      let duration = 0;
      if (status === 'Completed')
        duration = rng.chance(0.03) ? rng.int(900, 3600) : Math.min(3600, Math.max(4, Math.round(rng.exponential(165))));
      const fromNumber = outbound ? own : sc.remote(rng);
      const toNumber = outbound ? callAbroad(sc.remote(rng)) : own;
      const direction = outbound ? 'Outbound' : 'Inbound';
      cdrs.push({
        customerId: a.customer.id,
        accountId: a.id,
        callId: rng.uuid(),
        fromNumber,
        toNumber,
        startedAt,
        durationSeconds: duration,
        status,
        direction,
        cost: rateCall(rater, { direction, toNumber, startedAt, durationSeconds: duration }).cost,
      });
    }
  });
  cdrs.sort((p, q) => (p.startedAt as Date).getTime() - (q.startedAt as Date).getTime());
  sc.rows.cdrs = cdrs;

  // messages
  const smsNumbersOf = (a: SeedAccount) => a.numbers.filter((n) => n.features.includes('SMS'));
  const msgCounts = allocate(sc.volumes.messages, trafficWeights(smsNumbersOf, 'sms'));
  const messages: Row<typeof s.messages>[] = [];
  sc.accounts.forEach((a, i) => {
    const w = windows[i];
    const n = at(msgCounts, i);
    if (!w || n === 0) return;
    const nums = smsNumbersOf(a);
    const mmsShare = a.services.some((x) => x.spec.name === 'MMS Messaging') ? 0.18 : 0.05;
    for (let k = 0; k < n; k++) {
      const sentAt = trafficTime(rng, w[0], w[1]);
      const own = rng.pick(nums).number;
      const outbound = rng.chance(0.8);
      const mms = rng.chance(mmsShare);
      const recent = sc.now.getTime() - sentAt.getTime() < 2 * DAY;
      const status = rng.weighted<'Delivered' | 'Failed' | 'Sent'>([
        ['Delivered', 92],
        ['Failed', 5],
        ['Sent', recent ? 20 : 2],
      ]);
      const segments = mms
        ? 1
        : rng.weighted<number>([
            [1, 72],
            [2, 20],
            [3, 8],
          ]);
      const cost = status === 'Failed' ? 0 : mms ? 0.02 : Math.round(segments * 0.0075 * 10_000) / 10_000;
      messages.push({
        customerId: a.customer.id,
        accountId: a.id,
        messageId: `SM${rng.hex(32)}`,
        fromNumber: outbound ? own : sc.remote(rng),
        toNumber: outbound ? messageAbroad(sc.remote(rng)) : own,
        type: mms ? 'MMS' : 'SMS',
        direction: outbound ? 'Outbound' : 'Inbound',
        status,
        segments,
        cost,
        sentAt,
      });
    }
  });
  messages.sort((p, q) => (p.sentAt as Date).getTime() - (q.sentAt as Date).getTime());
  sc.rows.messages = messages;
}
