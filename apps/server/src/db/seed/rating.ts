/**
 * Rate decks: the provider's default deck (US/Canada by area code, international by country and
 * mobile prefix, with last year's US rate superseded) and contract decks of the two largest demo
 * customers. seedUsage rates every call against them, as ingestion does.
 */
import type { RatePrefix } from '../../domains/billing/rating.ts';
import type * as s from '../schema/index.ts';
import type { Row, SeedContext } from './context.ts';
import { AREA_CODES } from './data/places.ts';

const INTERNATIONAL: [string, string, number][] = [
  ['44', 'United Kingdom', 0.018],
  ['447', 'United Kingdom mobile', 0.042],
  ['4420', 'United Kingdom London', 0.012],
  ['49', 'Germany', 0.021],
  ['4915', 'Germany mobile', 0.058],
  ['33', 'France', 0.019],
  ['336', 'France mobile', 0.048],
  ['52', 'Mexico', 0.028],
  ['521', 'Mexico mobile', 0.041],
  ['61', 'Australia', 0.026],
  ['614', 'Australia mobile', 0.052],
  ['81', 'Japan', 0.035],
  ['91', 'India', 0.031],
  ['86', 'China', 0.024],
];

export function defaultDeckRows(today: string, yearAgo: string): RatePrefix[] {
  const rows: RatePrefix[] = [
    {
      prefix: '1',
      description: 'United States and Canada',
      ratePerMinute: 0.013,
      firstIncrement: 60,
      nextIncrement: 60,
      effectiveFrom: '2020-01-01',
    },
    {
      prefix: '1',
      description: 'United States and Canada',
      ratePerMinute: 0.012,
      firstIncrement: 60,
      nextIncrement: 6,
      effectiveFrom: yearAgo,
    },
  ];
  for (const code of ['800', '833', '844', '855', '866', '877', '888'])
    rows.push({
      prefix: `1${code}`,
      description: 'US toll-free',
      ratePerMinute: 0,
      firstIncrement: 60,
      nextIncrement: 6,
      effectiveFrom: '2020-01-01',
    });
  // metro area codes run cheaper than the national rate
  Object.keys(AREA_CODES).forEach((npa, i) => {
    rows.push({
      prefix: `1${npa}`,
      description: `United States (${npa})`,
      ratePerMinute: [0.0095, 0.0105, 0.011, 0.0115][i % 4] as number,
      firstIncrement: 60,
      nextIncrement: 6,
      effectiveFrom: yearAgo,
    });
  });
  for (const [prefix, description, rate] of INTERNATIONAL)
    rows.push({ prefix, description, ratePerMinute: rate, firstIncrement: 60, nextIncrement: 60, effectiveFrom: '2020-01-01' });
  void today;
  return rows;
}

export function seedRating(sc: SeedContext): void {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const yearAgo = day(sc.ago(400));
  const deck = (name: string, prefixes: RatePrefix[], owner: { customerId?: string; isDefault?: boolean }) => {
    const id = sc.uuid();
    const row: Row<typeof s.rateDecks> = {
      id,
      name,
      isDefault: owner.isDefault ?? false,
      customerId: owner.customerId ?? null,
      accountId: null,
      inboundRatePerMinute: 0.0085,
      inboundFirstIncrement: 60,
      inboundNextIncrement: 6,
      createdAt: sc.ago(400),
      updatedAt: sc.ago(30),
    };
    sc.rows.rateDecks.push(row);
    for (const p of prefixes) sc.rows.ratePrefixes.push({ deckId: id, ...p });
    sc.decks.set(owner.customerId ?? '', { prefixes, inbound: { ratePerMinute: 0.0085, firstIncrement: 60, nextIncrement: 6 } });
  };
  deck('Standard', defaultDeckRows(day(sc.now), yearAgo), { isDefault: true });
  for (const c of sc.customers.slice(0, 2)) {
    deck(
      `${c.row.name} contract`,
      [
        {
          prefix: '1',
          description: 'United States and Canada',
          ratePerMinute: c.index === 0 ? 0.0095 : 0.0099,
          firstIncrement: 6,
          nextIncrement: 6,
          effectiveFrom: yearAgo,
        },
        ...INTERNATIONAL.slice(0, 3).map(([prefix, description, rate]) => ({
          prefix,
          description,
          ratePerMinute: Math.round(rate * 0.9 * 10_000) / 10_000,
          firstIncrement: 60,
          nextIncrement: 6,
          effectiveFrom: yearAgo,
        })),
      ],
      { customerId: c.id },
    );
  }
}
