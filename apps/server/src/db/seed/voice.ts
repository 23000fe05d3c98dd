/** Voice: SIP trunks with their IP groups, and the accounts' network IP records. */
import type { TRouteStrategy, TTrunkStatus } from '@portal/contract/voice';
import type { SeedContext } from './context.ts';
import { add, at, DAY, hasService, maxDate } from './helpers.ts';

export function seedVoice(sc: SeedContext): void {
  const rng = sc.rng.fork('voice');
  const v4: string[] = [];
  for (const net of ['192.0.2', '198.51.100', '203.0.113']) for (let h = 1; h <= 254; h++) v4.push(`${net}.${h}`);
  const ipPool = rng.shuffle(v4);
  let v6 = 0;
  const nextIp = (): string => {
    if (rng.chance(0.05)) {
      v6++;
      return `2001:db8:${(0x100 + v6 * 7).toString(16)}::${rng.int(1, 250).toString(16)}`;
    }
    const ip = ipPool.pop();
    if (!ip) throw new Error('IP pool exhausted');
    return ip;
  };

  for (const a of sc.accounts) {
    const site = a.customer.spec.site;
    const voiceCapable = hasService(a, 'Voice');
    const wantsTrunks = (a.status === 'active' || a.status === 'suspended') && voiceCapable && (a.customer.index === 0 || rng.chance(0.92));
    const trunkCount = wantsTrunks
      ? rng.weighted<number>([
          [1, 5],
          [2, 4],
          [3, 1],
        ])
      : 0;
    const accountIps: { ip: string; name: string | null }[] = [];
    const baseName = a.name.replace(`${a.customer.spec.short} `, '');
    for (let t = 0; t < trunkCount; t++) {
      const id = sc.uuid();
      const status: TTrunkStatus =
        a.status === 'suspended'
          ? 'Suspended'
          : t === 0
            ? 'Active'
            : rng.weighted<TTrunkStatus>([
                ['Active', 80],
                ['Inactive', 12],
                ['Suspended', 4],
                ['Pending', 4],
              ]);
      const createdAt = sc.between(rng, a.createdAt, add(a.createdAt, 60 * DAY));
      sc.rows.trunks.push({
        id,
        customerId: a.customer.id,
        accountId: a.id,
        trunkName: `${baseName} ${['Primary Trunk', 'Backup Trunk', 'Overflow Trunk'][t]}`,
        routeStrategy: rng.weighted<TRouteStrategy>([
          ['Round Robin', 50],
          ['Sequential', 14],
          ['LCR', 13],
          ['Weight Based', 12],
          ['Random', 11],
        ]),
        status,
        createdAt,
        updatedAt: sc.between(rng, createdAt, sc.now),
      });
      const primaryNames = [`${site}-Primary`, `${site}-SBC-1`, `${site}-SBC-2`, 'AWS-East-1', 'Azure-Central'];
      const failoverNames = [`${site}-Failover`, 'DR-Site', 'AWS-West-2'];
      const primary = rng.int(1, 3);
      const failover = rng.weighted<number>([
        [0, 3],
        [1, 5],
        [2, 2],
      ]);
      for (let k = 0; k < primary; k++) {
        const ip = nextIp();
        const name = rng.chance(0.85) ? at(primaryNames, (k + t) % primaryNames.length) : null;
        accountIps.push({ ip, name });
        sc.rows.trunkIps.push({ id: sc.uuid(), trunkId: id, groupName: 'primary', ip, name, position: k });
      }
      for (let k = 0; k < failover; k++) {
        const ip = nextIp();
        sc.rows.trunkIps.push({
          id: sc.uuid(),
          trunkId: id,
          groupName: 'failover',
          ip,
          name: rng.chance(0.8) ? at(failoverNames, k) : null,
          position: k,
        });
      }
    }

    // 382 Network IP records: origination IPs of the trunks plus termination IPs
    if (trunkCount > 0 || (voiceCapable && a.billable && rng.chance(0.3))) {
      const entries: { ip: string; type: 'Inbound' | 'Outbound'; description: string }[] = [];
      for (const x of accountIps.slice(0, 2))
        entries.push({ ip: x.ip, type: 'Inbound', description: x.name ? `${x.name} signaling` : 'PBX signaling' });
      const outbound = rng.int(1, 2);
      for (let k = 0; k < outbound; k++)
        entries.push({
          ip: nextIp(),
          type: 'Outbound',
          description: rng.pick([
            'Office firewall',
            'Cloud contact center',
            'Media server',
            'Backup PBX',
            'Call center SBC',
            'Remote office',
          ]),
        });
      for (const e of entries) {
        const status: TTrunkStatus =
          a.status === 'suspended'
            ? 'Suspended'
            : rng.weighted<TTrunkStatus>([
                ['Active', 78],
                ['Inactive', 12],
                ['Pending', 6],
                ['Suspended', 4],
              ]);
        const createdAt = sc.between(rng, a.createdAt, sc.now);
        const lastUsedAt =
          status === 'Pending'
            ? null
            : status === 'Inactive'
              ? sc.between(rng, createdAt, sc.ago(100))
              : rng.chance(0.12)
                ? sc.between(rng, createdAt, sc.ago(95)) // unused for 90+ days: a deactivation candidate
                : sc.between(rng, maxDate(createdAt, sc.ago(7)), sc.now);
        sc.rows.ipAddresses.push({
          id: sc.uuid(),
          customerId: a.customer.id,
          accountId: a.id,
          ipAddress: e.ip,
          type: e.type,
          status,
          description: e.description,
          lastUsedAt,
          lastUpdated: sc.between(rng, createdAt, sc.now),
          createdAt,
        });
      }
    }
  }
}
