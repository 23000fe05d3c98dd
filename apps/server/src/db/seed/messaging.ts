/** Messaging: 10DLC brands, campaigns with their timelines and linked numbers, templates and the opt-out ledger. */
import type { TBrandStatus, TCampaignStatus, TTemplateStatus } from '@portal/contract/messaging';
import type { SeedContext, SeedMessageEvent } from './context.ts';
import { CAMPAIGNS, TEMPLATES } from './data/catalogue.ts';
import { add, DAY, HOUR, hasService, MIN } from './helpers.ts';

const VERTICAL_OF: Record<string, string> = {
  Healthcare: 'Healthcare',
  Retail: 'Retail',
  Finance: 'Financial',
  'Financial Services': 'Financial',
  Logistics: 'Transportation',
  Technology: 'Technology',
  Education: 'Education',
  Hospitality: 'Hospitality',
  Insurance: 'Insurance',
  'Real Estate': 'Real Estate',
};

const CAMPAIGN_REJECTIONS = [
  'Sample messages do not name the brand: each sample must say who is sending it',
  'Opt-in description missing: describe where people give their number and what they agree to',
  'The sample messages do not match the use case',
];

export function seedMessaging(sc: SeedContext): void {
  const rng = sc.rng.fork('messaging');
  // outbound numbers → the approved campaign they send under (messages are tagged below)
  const campaignOfNumber = new Map<string, string>();
  for (const c of sc.customers) {
    const smsAccounts = c.accounts.filter((a) => hasService(a, 'SMS'));
    if (!smsAccounts.length) continue;
    const brandCount = c.spec.status === 'pending' ? 1 : rng.chance(0.35) || c.index === 0 ? 2 : 1;
    const usedCampaignNames = new Set<string>();
    const domain = `${c.spec.slug}.example.com`;
    for (let b = 0; b < brandCount; b++) {
      const id = sc.uuid();
      const secondary = b === 1;
      const status: TBrandStatus =
        c.spec.status === 'pending'
          ? 'Pending'
          : secondary && c.index !== 0
            ? rng.weighted([
                ['Pending', 3],
                ['Rejected', 2],
                ['Approved', 5],
              ])
            : 'Approved';
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
        legalName: c.spec.name,
        taxId: `${rng.int(10, 99)}-${rng.int(1_000_000, 9_999_999)}`,
        entityType: rng.weighted([
          ['Private Company', 7],
          ['Publicly Traded Company', 2],
          ['Non-Profit Organization', 1],
        ]),
        vertical: VERTICAL_OF[c.spec.industry] ?? 'Professional Services',
        website: `https://www.${domain}`,
        supportEmail: `support@${domain}`,
        supportPhone: `+1${rng.pick(['212', '312', '415', '646', '713'])}555${String(rng.int(100, 199)).padStart(4, '0')}`,
        street: c.spec.address,
        city: c.spec.city,
        state: c.spec.state,
        postalCode: c.spec.zip,
        status,
        rejectionReason: status === 'Rejected' ? 'The EIN does not match the legal company name in the IRS records' : null,
        rejectionField: status === 'Rejected' ? 'taxId' : null,
        createdAt,
        updatedAt: status === 'Pending' ? createdAt : add(createdAt, rng.int(1, 6) * DAY),
      });
      if (status === 'Rejected') continue;
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
        const campaignId = sc.uuid();
        const account = rng.pick(smsAccounts);
        const cCreated = sc.between(rng, createdAt, add(createdAt, 200 * DAY));
        const rejection = cStatus === 'Rejected' ? rng.pick(CAMPAIGN_REJECTIONS) : null;
        const brandName = b === 0 ? c.spec.name : c.spec.short;
        // the timeline: submitted, reviewed, decided
        const steps: { status: TCampaignStatus; reason: string | null; at: Date }[] = [{ status: 'Pending', reason: null, at: cCreated }];
        let at = cCreated;
        if (cStatus !== 'Pending') {
          at = add(at, rng.int(6, 60) * HOUR);
          steps.push({ status: 'Under Review', reason: null, at });
        }
        if (cStatus === 'Approved' || cStatus === 'Rejected') {
          at = add(at, rng.int(1, 8) * DAY);
          steps.push({ status: cStatus, reason: rejection, at });
        }
        sc.rows.campaigns.push({
          id: campaignId,
          customerId: c.id,
          accountId: account.id,
          brandId: id,
          campaignCode: sc.uniqueCode(rng, 'C', 6),
          name: spec[0],
          description: spec[2],
          useCase: spec[1],
          messageFlow: `Customers opt in on ${domain} or at checkout by entering their mobile number and ticking a box that says they agree to receive ${spec[0].toLowerCase()} by text.`,
          sampleMessages: [
            `${brandName}: ${spec[2]} Reply STOP to opt out, HELP for help.`,
            `${brandName}: your request has been received. Msg&data rates may apply. Reply STOP to opt out.`,
          ],
          optInKeywords: 'START',
          optInMessage: `${brandName}: you are now subscribed. Reply STOP to opt out.`,
          optOutKeywords: 'STOP',
          optOutMessage: `${brandName}: you have been unsubscribed and will receive no more messages.`,
          helpKeywords: 'HELP',
          helpMessage: `${brandName}: for help visit ${domain} or call support.`,
          embeddedLinks: false,
          embeddedPhone: false,
          numberPooling: false,
          ageGated: false,
          directLending: false,
          status: cStatus,
          rejectionReason: rejection,
          createdAt: cCreated,
          updatedAt: at,
        });
        for (const step of steps)
          sc.rows.campaignEvents.push({
            id: sc.uuid(),
            campaignId,
            status: step.status,
            reason: step.reason,
            byUserId: step.status === 'Pending' ? null : c.am.id,
            at: step.at,
          });
        if (cStatus === 'Approved') {
          // an approved campaign carries the account's local SMS numbers; the demo customer keeps
          // one unlinked so its 10DLC card shows the warning the spec's sample shows
          const free = account.numbers.filter((n) => n.type === 'DID' && n.features.includes('SMS') && !n.row.campaignId);
          const keep = c.index === 0 || rng.chance(0.25) ? 1 : 0;
          for (const n of free.slice(0, Math.max(0, free.length - keep))) {
            n.row.campaignId = campaignId;
            campaignOfNumber.set(n.number, campaignId);
          }
        }
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

  // outbound messages from a linked number were sent under its campaign
  for (const m of sc.rows.messages) {
    if (m.direction === 'Outbound') m.campaignId = campaignOfNumber.get(m.fromNumber) ?? null;
  }
  seedMessageEvents(sc);

  // the opt-out ledger: recipients who replied STOP after their last message from the account
  const lastOutbound = new Map<string, Date>();
  const accountOf = new Map<string, string>();
  for (const m of sc.rows.messages) {
    if (m.direction !== 'Outbound') continue;
    const key = `${m.accountId}|${m.toNumber}`;
    const when = m.sentAt as Date;
    if ((lastOutbound.get(key)?.getTime() ?? 0) < when.getTime()) lastOutbound.set(key, when);
    accountOf.set(key, m.customerId);
  }
  const keys = [...lastOutbound.keys()].sort();
  const optOutRng = sc.rng.fork('opt-outs');
  for (const key of optOutRng.sample(keys, Math.min(keys.length, Math.round(keys.length * 0.04)))) {
    const [accountId, number] = key.split('|') as [string, string];
    const last = lastOutbound.get(key) as Date;
    const createdAt = new Date(Math.min(sc.now.getTime() - HOUR, last.getTime() + optOutRng.int(1, 90) * 60_000));
    if (createdAt.getTime() <= last.getTime()) continue;
    sc.rows.optOuts.push({
      id: sc.uuid(),
      customerId: accountOf.get(key) as string,
      accountId,
      number,
      keyword: optOutRng.weighted([
        ['STOP', 85],
        ['UNSUBSCRIBE', 8],
        ['CANCEL', 7],
      ]),
      source: optOutRng.chance(0.9) ? 'Inbound message' : 'Manual',
      createdAt,
    });
  }
}

/**
 * The delivery events behind each message's status, with the details ingestion writes: an inbound
 * message was received (Delivered at its time); an outbound one was handed to the carrier a
 * fraction of a second after it was sent, then delivered a few seconds later (the latency the
 * reports average) or failed. None is later than now. Its own stream, so the traffic is unchanged.
 */
function seedMessageEvents(sc: SeedContext): void {
  const rng = sc.rng.fork('message-events');
  const now = sc.now.getTime();
  const event = (messageId: string, status: SeedMessageEvent['status'], detail: string, ms: number) =>
    sc.rows.messageEvents.push({ messageId, status, detail, at: new Date(Math.min(ms, now)) });
  for (const m of sc.rows.messages) {
    const sent = (m.sentAt as Date).getTime();
    if (m.direction === 'Inbound') {
      event(m.messageId, 'Delivered', 'Received from the carrier', sent);
      continue;
    }
    const handed = sent + rng.int(80, 600);
    event(m.messageId, 'Sent', 'Handed to the carrier', handed);
    // delivery: about 3.5 s on average, skewed short (a few take tens of seconds), capped at a minute
    if (m.status === 'Delivered')
      event(m.messageId, 'Delivered', 'Delivered to the handset', Math.min(handed + 400 + Math.round(rng.exponential(2_500)), sent + MIN));
    else if (m.status === 'Failed') event(m.messageId, 'Failed', 'Reported failed by the carrier', handed + rng.int(1_000, 20_000));
  }
}
