/** Phone numbers: the outside numbers pool, the numbers assigned to accounts, and the provider's inventory. */
import type { TAccountStatus } from '@portal/contract/accounts';
import type { TNumberStatus } from '@portal/contract/numbers';
import type * as s from '../schema/index.ts';
import type { Row, SeedContext } from './context.ts';
import { AREA_CODES, INVENTORY_AREA_CODES, TOLL_FREE_PREFIXES } from './data/places.ts';
import { add, at, DAY, HOUR, maxDate, minDate, TIER_WEIGHT } from './helpers.ts';

export function seedNumbers(sc: SeedContext): void {
  const rng = sc.rng.fork('numbers');
  // outside numbers (callers, recipients): a fixed pool so the same people recur
  const remoteCodes = Object.keys(AREA_CODES);
  sc.remotePool = Array.from({ length: 1500 }, () => sc.newNumber(rng, rng.pick(remoteCodes)));

  const statusWeight: Record<TAccountStatus, number> = { active: 1, suspended: 0.6, pending: 0.2, inactive: 0.3, cancelled: 0 };
  const weights = sc.accounts.map(
    (a) => TIER_WEIGHT[a.customer.spec.tier] * statusWeight[a.status] * rng.float(0.6, 1.4) * (a.customer.index === 0 ? 1.6 : 1),
  );
  const total = weights.reduce((x, y) => x + y, 0);
  const target = sc.volumes.assignedNumbers;
  const counts = weights.map((w, i) => {
    const a = at(sc.accounts, i);
    const min = a.status === 'active' ? 2 : a.status === 'cancelled' ? 0 : 1;
    return Math.max(min, Math.round((target * w) / total));
  });
  // trim or pad to the exact target (largest accounts first)
  let diff = counts.reduce((x, y) => x + y, 0) - target;
  const order = counts.map((n, i) => [n, i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (let k = 0; diff !== 0 && k < 10_000; k++) {
    const idx = at(order, k % order.length)[1];
    if (diff > 0 && at(counts, idx) > 3) {
      counts[idx] = at(counts, idx) - 1;
      diff--;
    } else if (diff < 0 && at(sc.accounts, idx).status === 'active') {
      counts[idx] = at(counts, idx) + 1;
      diff++;
    }
  }

  sc.accounts.forEach((a, i) => {
    const n = at(counts, i);
    const tfnShare = a.profile === 'voice' ? 0.3 : a.profile === 'sms' ? 0.1 : 0.2;
    const west = /west/i.test(a.name);
    for (let k = 0; k < n; k++) {
      const tfn = rng.chance(tfnShare);
      const npa = tfn
        ? rng.pick(TOLL_FREE_PREFIXES)
        : west
          ? rng.pick(['310', '213', '415', '206', '619'])
          : rng.chance(0.85)
            ? rng.pick(a.customer.areaCodes)
            : rng.pick(remoteCodes);
      const number = sc.newNumber(rng, npa);
      const place = tfn ? undefined : AREA_CODES[npa];
      let features = rng.weighted<string[]>([
        [['Voice', 'SMS'], 70],
        [['Voice'], 12],
        [['SMS'], 8],
        [['Voice', 'SMS', 'Fax'], 6],
        [['Voice', 'Fax'], 4],
      ]);
      // the first two numbers of an account cover its services
      if (k < 2) features = ['Voice', 'SMS'];
      const fee = tfn
        ? 2.5
        : rng.weighted<number>([
            [1, 78],
            [0.5, 4],
            [0.75, 6],
            [1.25, 7],
            [1.5, 5],
          ]);
      let status: TNumberStatus;
      if (a.status === 'suspended' || a.status === 'inactive') status = 'Suspended';
      else if (a.status === 'pending') status = 'Pending';
      else if (k < 2) status = 'Active';
      else
        status = rng.weighted<TNumberStatus>([
          ['Active', 90],
          ['Pending', 6],
          ['Suspended', 4],
        ]);
      const assignedAt =
        status === 'Pending'
          ? sc.between(rng, maxDate(a.createdAt, sc.ago(12)), sc.now)
          : k < 2
            ? add(a.createdAt, rng.int(1, 72) * HOUR)
            : sc.between(rng, a.createdAt, a.endedAt ?? sc.now);
      const id = sc.uuid();
      const row: Row<typeof s.phoneNumbers> = {
        id,
        number,
        customerId: a.customer.id,
        accountId: a.id,
        type: tfn ? 'TFN' : 'DID',
        features,
        monthlyFee: fee,
        status,
        city: place?.[0] ?? null,
        state: place?.[1] ?? null,
        assignedAt: minDate(assignedAt, sc.now),
        createdAt: add(assignedAt, -rng.int(1, 200) * DAY),
        updatedAt: assignedAt,
      };
      a.numbers.push({ id, number, type: tfn ? 'TFN' : 'DID', fee, features, status, assignedAt, row });
      sc.rows.phoneNumbers.push(row);
    }
  });

  // the provider's inventory for "Add Number"
  const invRng = sc.rng.fork('inventory');
  const tfnCount = Math.round(sc.volumes.inventoryNumbers * 0.2);
  for (let k = 0; k < sc.volumes.inventoryNumbers; k++) {
    const tfn = k < tfnCount;
    const npa = tfn ? at(TOLL_FREE_PREFIXES, k % TOLL_FREE_PREFIXES.length) : at(INVENTORY_AREA_CODES, k % INVENTORY_AREA_CODES.length);
    const place = tfn ? undefined : AREA_CODES[npa];
    const createdAt = sc.ago(invRng.float(5, 500));
    sc.rows.phoneNumbers.push({
      id: sc.uuid(),
      number: sc.newNumber(invRng, npa),
      customerId: null,
      accountId: null,
      type: tfn ? 'TFN' : 'DID',
      features: invRng.chance(0.85) ? ['Voice', 'SMS'] : invRng.chance(0.5) ? ['Voice'] : ['Voice', 'SMS', 'Fax'],
      monthlyFee: tfn ? 2.5 : 1,
      status: 'Active',
      city: place?.[0] ?? null,
      state: place?.[1] ?? null,
      assignedAt: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
