/** Compliance: the customers' DNC and DNO lists. */
import type { SeedContext } from './context.ts';
import { TOLL_FREE_PREFIXES } from './data/places.ts';
import { DNC_REASONS, DNO_REASONS } from './data/support.ts';
import { activeCustomerUser, allocate, at, exchange, staffByRole, TIER_WEIGHT } from './helpers.ts';

export function seedCompliance(sc: SeedContext): void {
  const rng = sc.rng.fork('compliance');
  const eligible = sc.customers.filter((c) => c.spec.status !== 'pending');
  const weights = eligible.map((c) => (c.index === 0 ? 6 : TIER_WEIGHT[c.spec.tier]));
  const counts = allocate(sc.volumes.dncEntries, weights);
  eligible.forEach((c, i) => {
    const seen = new Set<string>();
    for (let k = 0; k < at(counts, i); k++) {
      const listType = rng.chance(0.7) ? 'DNC' : 'DNO';
      let number =
        listType === 'DNO' && rng.chance(0.3) ? `+1${rng.pick(TOLL_FREE_PREFIXES)}${exchange(rng)}${rng.digits(4)}` : sc.remote(rng);
      while (seen.has(`${listType}:${number}`)) number = sc.remote(rng);
      seen.add(`${listType}:${number}`);
      const staffAdded = rng.chance(0.3);
      sc.rows.dncEntries.push({
        id: sc.uuid(),
        customerId: c.id,
        number,
        listType,
        reason: listType === 'DNC' ? rng.pick(DNC_REASONS) : rng.pick(DNO_REASONS),
        addedById: staffAdded ? rng.pick(staffByRole(sc, 'Technical')).id : activeCustomerUser(rng, c).id,
        addedAt: sc.between(rng, c.createdAt, sc.now),
      });
    }
  });
}
