/** Messaging: 10DLC brands, campaigns and message templates. */
import type { TCampaignStatus, TTemplateStatus } from '@portal/contract/messaging';
import type { SeedContext } from './context.ts';
import { CAMPAIGNS, TEMPLATES } from './data/catalogue.ts';
import { add, DAY, hasService, TIER_WEIGHT } from './helpers.ts';

export function seedMessaging(sc: SeedContext): void {
  const rng = sc.rng.fork('messaging');
  for (const c of sc.customers) {
    const smsAccounts = c.accounts.filter((a) => hasService(a, 'SMS'));
    if (!smsAccounts.length) continue;
    const brandCount = c.spec.status === 'pending' ? 1 : rng.chance(0.35) || c.index === 0 ? 2 : 1;
    const usedCampaignNames = new Set<string>();
    for (let b = 0; b < brandCount; b++) {
      const id = sc.uuid();
      const status = c.spec.status === 'pending' || (b === 1 && rng.chance(0.4) && c.index !== 0) ? 'Pending' : 'Approved';
      const createdAt = sc.between(rng, c.createdAt, add(c.createdAt, (b + 1) * 90 * DAY));
      sc.rows.brands.push({
        id,
        customerId: c.id,
        name: b === 0 ? c.spec.name : `${c.spec.short} ${rng.pick(['Alerts', 'Rewards', 'Care', 'Notifications'])}`,
        description:
          b === 0
            ? `${c.spec.industry} company headquartered in ${c.spec.city}, ${c.spec.state}.`
            : `Secondary brand of ${c.spec.name} for customer programs.`,
        brandCode: sc.uniqueCode(rng, 'B', 6),
        status,
        createdAt,
      });
      const campaigns = rng.int(1, status === 'Pending' ? 1 : 3);
      for (let k = 0; k < campaigns; k++) {
        const spec = rng.pick(CAMPAIGNS.filter((x) => !usedCampaignNames.has(x[0])));
        usedCampaignNames.add(spec[0]);
        const cStatus =
          status === 'Pending'
            ? rng.pick(['Pending', 'Under Review'] as const)
            : rng.weighted<TCampaignStatus>([
                ['Approved', 66],
                ['Pending', 9],
                ['Under Review', 12],
                ['Rejected', 13],
              ]);
        const sent = cStatus === 'Approved' ? Math.round(rng.int(1_500, 60_000) * TIER_WEIGHT[c.spec.tier]) : 0;
        const delivered = Math.round(sent * rng.float(0.93, 0.99));
        sc.rows.campaigns.push({
          id: sc.uuid(),
          customerId: c.id,
          accountId: rng.pick(smsAccounts).id,
          brandId: id,
          campaignCode: sc.uniqueCode(rng, 'C', 6),
          name: spec[0],
          description: spec[2],
          useCase: spec[1],
          status: cStatus,
          sent,
          delivered,
          opened: Math.round(delivered * rng.float(0.15, 0.55)),
          createdAt: sc.between(rng, createdAt, add(createdAt, 200 * DAY)),
        });
      }
    }
    const templates = rng.sample(TEMPLATES, rng.int(3, 5));
    for (const [name, type, body] of templates) {
      const createdAt = sc.between(rng, c.createdAt, sc.now);
      sc.rows.messageTemplates.push({
        id: sc.uuid(),
        customerId: c.id,
        accountId: rng.chance(0.5) ? rng.pick(smsAccounts).id : null,
        name,
        type,
        body: body.replaceAll('{{company}}', c.spec.short),
        status: rng.weighted<TTemplateStatus>([
          ['Active', 60],
          ['Inactive', 15],
          ['Draft', 25],
        ]),
        createdAt,
        lastModified: sc.between(rng, createdAt, sc.now),
      });
    }
  }
}
