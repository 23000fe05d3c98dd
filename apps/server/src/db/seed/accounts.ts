/** Accounts of every customer with their services (statuses from a fixed mix, profile voice/sms/mixed). */
import type { TAccountStatus } from '@portal/contract/accounts';
import type { SeedAccount, SeedContext, SeedService } from './context.ts';
import { SERVICE_CATALOGUE, type ServiceSpec } from './data/catalogue.ts';
import type { Tier } from './data/companies.ts';
import { ACCOUNT_SUFFIXES } from './data/companies.ts';
import { add, at, contactPhone, DAY, emailLocal, HOUR, maxDate, minDate, pad, personName, staffByRole } from './helpers.ts';

const SERVICE_PRICE_SCALE: Record<Tier, number> = { xl: 2.4, l: 1.7, m: 1, s: 0.35 };

export function seedAccounts(sc: SeedContext): void {
  const rng = sc.rng.fork('accounts');
  const ams = staffByRole(sc, 'Account Manager');
  const overrides: Record<number, TAccountStatus[]> = {
    0: ['active', 'active', 'active', 'active', 'active', 'pending'],
    1: ['active', 'active', 'active', 'inactive'],
  };
  // the other accounts of active customers draw their status from a deck with a fixed mix
  const slots = sc.customers.filter((c) => c.spec.status === 'active' && !overrides[c.index]).reduce((n, c) => n + c.spec.accounts - 1, 0);
  const deck: TAccountStatus[] = [];
  for (const [st, share] of [
    ['inactive', 0.06],
    ['suspended', 0.05],
    ['cancelled', 0.05],
    ['pending', 0.05],
  ] as const)
    for (let k = 0; k < Math.round(slots * share); k++) deck.push(st);
  while (deck.length < slots) deck.push('active');
  const statusDeck = rng.shuffle(deck);
  for (const c of sc.customers) {
    const names = c.spec.accountNames ?? rng.sample(ACCOUNT_SUFFIXES, c.spec.accounts).map((sfx) => `${c.spec.short} ${sfx}`);
    for (let j = 0; j < c.spec.accounts; j++) {
      const id = sc.uuid();
      const code = `ACC-${c.code.slice(5)}-${pad(j + 1, 2)}`;
      const name = at(names, j);
      let status: TAccountStatus;
      const override = overrides[c.index]?.[j];
      if (override) status = override;
      else if (c.spec.status === 'pending') status = 'pending';
      else if (c.spec.status === 'suspended') status = j === c.spec.accounts - 1 ? 'inactive' : 'suspended';
      else if (c.spec.status === 'inactive') status = j === 0 ? 'cancelled' : 'inactive';
      else if (j === 0) status = 'active';
      else status = statusDeck.pop() ?? 'active';

      // creation: the first account with the customer, later ones spread (older more likely)
      const custAge = sc.now.getTime() - c.createdAt.getTime();
      let createdAt: Date;
      if (j === 0) createdAt = add(c.createdAt, rng.int(2, 72) * HOUR);
      else if (status === 'pending') createdAt = maxDate(add(c.createdAt, HOUR), sc.ago(rng.float(3, 40)));
      else createdAt = add(c.createdAt, Math.floor(custAge * 0.7 * rng.next() ** 1.8) + rng.int(1, 72) * HOUR);
      createdAt = minDate(createdAt, sc.ago(1));

      let endedAt: Date | null = null;
      if (status === 'suspended') endedAt = maxDate(add(createdAt, 30 * DAY), sc.ago(rng.float(12, 50)));
      else if (status === 'inactive' || status === 'cancelled')
        endedAt = maxDate(add(createdAt, 90 * DAY), sc.ago(c.spec.status === 'inactive' ? rng.float(40, 80) : rng.float(25, 200)));
      if (endedAt && endedAt.getTime() > sc.now.getTime()) endedAt = sc.ago(1);

      const lower = name.toLowerCase();
      const profile: SeedAccount['profile'] = /notif|marketing|remind|alert|recruit/.test(lower)
        ? 'sms'
        : /support|contact center|sales|help desk|dispatch|customer service|field/.test(lower)
          ? 'voice'
          : 'mixed';

      const useCustomerBilling = j === 0 ? true : !rng.chance(0.22);
      const billingName = personName(rng);
      const channels = rng.weighted<number>(
        c.spec.tier === 'xl' || c.spec.tier === 'l'
          ? [
              [100, 4],
              [120, 3],
              [150, 3],
              [200, 2],
              [250, 2],
              [60, 1],
            ]
          : [
              [30, 3],
              [50, 3],
              [60, 2],
              [75, 2],
              [100, 3],
              [120, 1],
            ],
      );
      const acct: SeedAccount = {
        id,
        code,
        name,
        index: j,
        customer: c,
        status,
        createdAt,
        endedAt,
        billable: status !== 'pending',
        profile,
        services: [],
        numbers: [],
        ratePerMinute: rng.pick([0.01, 0.011, 0.012, 0.0125, 0.0135, 0.015, 0.0175, 0.02]),
        useCustomerBilling,
        maxVoiceChannels: channels,
        row: {
          id,
          accountCode: code,
          customerId: c.id,
          name,
          status,
          accountManagerId: rng.chance(0.9) ? c.am.id : rng.pick(ams).id,
          useCustomerBilling,
          billingContactName: useCustomerBilling ? null : billingName,
          billingContactTitle: useCustomerBilling
            ? null
            : rng.pick(['Accounts Payable', 'Office Manager', 'Finance Manager', 'Department Head']),
          billingContactEmail: useCustomerBilling ? null : sc.uniqueEmail(emailLocal(billingName), c.domain),
          billingContactPhone: useCustomerBilling ? null : contactPhone(rng, at(c.areaCodes, 0)),
          billingAddress: useCustomerBilling
            ? null
            : `${rng.int(100, 9800)} ${rng.pick(['Commerce Drive', 'Main Street', 'Industrial Way', 'Park Avenue', 'Market Street', 'Oak Boulevard'])}, ${c.spec.city}, ${c.spec.state} ${c.spec.zip}`,
          maxVoiceChannels: channels,
          lastAccessedAt:
            status === 'active' && (c.index === 0 || rng.chance(0.65)) ? sc.between(rng, sc.ago(c.index === 0 ? 6 : 30), sc.now) : null,
          createdAt,
          updatedAt: sc.between(rng, createdAt, sc.now),
        },
      };

      // services: 1-4 from the catalogue, matching the profile
      const pickService = (name: string) => {
        const spec = SERVICE_CATALOGUE.find((x) => x.name === name);
        if (!spec) throw new Error(name);
        return spec;
      };
      const chosen: ServiceSpec[] = [];
      if (profile === 'voice' || profile === 'mixed') chosen.push(pickService('SIP Trunking'));
      if (profile === 'sms' || profile === 'mixed') chosen.push(pickService('SMS Messaging'));
      // many messaging accounts also take inbound calls on their numbers
      if (profile === 'sms' && rng.chance(0.55)) chosen.push(pickService('Inbound Voice'));
      const optional =
        profile === 'voice'
          ? ['Inbound Voice', 'Call Recording', 'Toll-Free Numbers', 'E911 Service']
          : profile === 'sms'
            ? ['MMS Messaging', '10DLC Campaign Registration', 'Local Numbers']
            : ['Toll-Free Numbers', 'MMS Messaging', 'Local Numbers', 'Inbound Voice'];
      const more = c.spec.tier === 's' ? rng.int(0, 1) : rng.int(profile === 'mixed' ? 0 : 1, 2);
      for (const n of rng.sample(optional, Math.min(more, 4 - chosen.length))) chosen.push(pickService(n));
      for (const spec of chosen) {
        const cost = Math.max(5, Math.round(rng.float(spec.cost[0], spec.cost[1]) * SERVICE_PRICE_SCALE[c.spec.tier]));
        const recent = sc.now.getTime() - createdAt.getTime() < 60 * DAY;
        const svcStatus: SeedService['status'] =
          status === 'pending'
            ? 'pending'
            : status === 'inactive' || status === 'cancelled'
              ? 'inactive'
              : j > 0 && (recent ? rng.chance(0.4) : rng.chance(0.03))
                ? 'pending'
                : 'active';
        acct.services.push({ spec, cost, status: svcStatus });
        sc.rows.accountServices.push({
          id: sc.uuid(),
          accountId: id,
          name: spec.name,
          serviceType: spec.type,
          status: svcStatus,
          monthlyCost: cost,
          createdAt: add(createdAt, rng.int(0, 48) * HOUR),
        });
      }
      c.accounts.push(acct);
      sc.accounts.push(acct);
      sc.rows.accounts.push(acct.row);
    }
  }
}
