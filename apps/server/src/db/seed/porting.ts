/** Porting requests with their status history (events) and documents (LOA, bill copy). */
import type { TPortingStatus } from '@portal/contract/numbers';
import type { SeedAccount, SeedContext, SeedUser } from './context.ts';
import { CARRIERS } from './data/catalogue.ts';
import { activeCustomerUser, add, at, DAY, HOUR, minDate, staffByRole, YearSequence, ymd } from './helpers.ts';
import { tinyPdf } from './pdf.ts';

export function seedPorting(sc: SeedContext): void {
  const rng = sc.rng.fork('porting');
  const tech = staffByRole(sc, 'Technical');
  const eligible = sc.accounts.filter((a) => a.status === 'active' || a.status === 'suspended');
  const acme = eligible.filter((a) => a.customer.index === 0);
  const plans: { account: SeedAccount; status: TPortingStatus }[] = [];
  const acmeStatuses: TPortingStatus[] = ['Completed', 'Scheduled', 'Pending Docs', 'In Progress', 'Completed'];
  acmeStatuses.forEach((status, k) => {
    plans.push({ account: at(acme, k % acme.length), status });
  });
  const base: TPortingStatus[] = ['In Progress', 'Pending Docs', 'Scheduled', 'Rejected'];
  while (plans.length < sc.volumes.portingRequests) {
    const status =
      plans.length < acmeStatuses.length + base.length
        ? at(base, plans.length - acmeStatuses.length)
        : rng.weighted<TPortingStatus>([
            ['Completed', 50],
            ['In Progress', 14],
            ['Pending Docs', 12],
            ['Scheduled', 12],
            ['Rejected', 12],
          ]);
    plans.push({ account: rng.pick(eligible), status });
  }

  const notes: Record<TPortingStatus, (carrier: string, when?: Date) => string> = {
    'Pending Docs': () => 'Port request submitted. Waiting for the signed Letter of Authorization and a recent bill copy.',
    'In Progress': (carrier) => `Documents verified. Request submitted to ${carrier}.`,
    Scheduled: (carrier, when) => `FOC received from ${carrier}. Port scheduled for ${when ? ymd(when) : 'the confirmed date'}.`,
    Completed: () => 'Port completed. The number is active on the account.',
    Rejected: (carrier) =>
      `Rejected by ${carrier}: ${rng.pick(['account number does not match', 'PIN/passcode missing or incorrect', 'name on LOA does not match the service address', 'number is part of a hunt group'])}.`,
  };
  const chains: Record<TPortingStatus, TPortingStatus[]> = {
    'Pending Docs': ['Pending Docs'],
    'In Progress': ['Pending Docs', 'In Progress'],
    Scheduled: ['Pending Docs', 'In Progress', 'Scheduled'],
    Completed: ['Pending Docs', 'In Progress', 'Scheduled', 'Completed'],
    Rejected: ['Pending Docs', 'In Progress', 'Rejected'],
  };
  const ageRange: Record<TPortingStatus, readonly [number, number]> = {
    'Pending Docs': [1, 12],
    'In Progress': [3, 16],
    Scheduled: [6, 20],
    Completed: [18, 330],
    Rejected: [8, 200],
  };

  const built = plans.map(({ account, status }) => {
    const requestDate = sc.ago(rng.float(ageRange[status][0], ageRange[status][1]));
    const chain = chains[status];
    const submitter = activeCustomerUser(rng, account.customer);
    const staffer = rng.pick(tech);
    const times: Date[] = [requestDate];
    for (let k = 1; k < chain.length; k++) times.push(add(at(times, k - 1), rng.float(1, 5) * DAY));
    // squeeze the timeline into [requestDate, now - 1h] when needed
    const last = at(times, times.length - 1);
    const limit = add(sc.now, -HOUR);
    if (last.getTime() > limit.getTime()) {
      const span = last.getTime() - requestDate.getTime();
      const room = limit.getTime() - requestDate.getTime();
      for (let k = 1; k < times.length; k++)
        times[k] = new Date(requestDate.getTime() + ((at(times, k).getTime() - requestDate.getTime()) * room) / span);
    }
    let scheduledFor: Date | null = null;
    if (status === 'Scheduled')
      scheduledFor = new Date(Date.UTC(sc.now.getUTCFullYear(), sc.now.getUTCMonth(), sc.now.getUTCDate() + rng.int(2, 10), 14));
    if (status === 'Completed') scheduledFor = at(times, times.length - 1);
    const carrier = rng.pick(CARRIERS);
    // a completed port's number is now one of the account's numbers
    let number: string;
    const dids = account.numbers.filter((n) => n.type === 'DID' && n.status === 'Active');
    if (status === 'Completed' && dids.length) {
      const n = rng.pick(dids);
      number = n.number;
      n.assignedAt = at(times, times.length - 1);
      n.row.assignedAt = n.assignedAt;
      n.row.updatedAt = n.assignedAt;
      n.row.createdAt = minDate(n.row.createdAt ?? n.assignedAt, n.assignedAt);
    } else {
      number = sc.newNumber(rng, rng.pick(account.customer.areaCodes));
    }
    return { account, status, requestDate, times, chain, carrier, scheduledFor, submitter, staffer, number };
  });
  built.sort((p, q) => p.requestDate.getTime() - q.requestDate.getTime());

  const codes = new YearSequence();
  for (const p of built) {
    const id = sc.uuid();
    const code = codes.code('PORT', p.requestDate);
    const lastAt = at(p.times, p.times.length - 1);
    sc.rows.portingRequests.push({
      id,
      requestCode: code,
      customerId: p.account.customer.id,
      accountId: p.account.id,
      number: p.number,
      currentCarrier: p.carrier,
      status: p.status,
      requestDate: p.requestDate,
      scheduledFor: p.scheduledFor,
      createdAt: p.requestDate,
      updatedAt: lastAt,
    });
    const events: { status: TPortingStatus; at: Date; actor: SeedUser }[] = [];
    p.chain.forEach((st, k) => {
      const when = at(p.times, k);
      const actor = k === 0 ? p.submitter : p.staffer;
      events.push({ status: st, at: when, actor });
      sc.rows.portingEvents.push({
        id: sc.uuid(),
        requestId: id,
        status: st,
        note: notes[st](p.carrier, st === 'Scheduled' ? (p.scheduledFor ?? undefined) : undefined),
        actorId: actor.id,
        createdAt: when,
      });
    });
    sc.portingRequests.push({ id, code, account: p.account, number: p.number, status: p.status, events });

    // documents: LOA (and usually a bill copy) once past Pending Docs; sometimes an LOA already
    const docsReceived = p.status !== 'Pending Docs';
    const kinds: ('LOA' | 'Bill Copy')[] = docsReceived
      ? rng.chance(0.7)
        ? ['LOA', 'Bill Copy']
        : ['LOA']
      : rng.chance(0.35)
        ? ['LOA']
        : [];
    const docTimeEnd = p.times[1] ?? sc.now;
    for (const kind of kinds) {
      const c = p.account.customer;
      const when = sc.between(rng, p.requestDate, docTimeEnd);
      const content =
        kind === 'LOA'
          ? tinyPdf([
              'Letter of Authorization',
              `Customer: ${c.spec.name}`,
              `Service address: ${c.spec.address}, ${c.spec.city}, ${c.spec.state} ${c.spec.zip}`,
              `Number to port: ${p.number}`,
              `Current carrier: ${p.carrier}`,
              `Authorized by: ${c.spec.contact[0]}, ${c.spec.contact[1]}`,
              `Date: ${ymd(p.requestDate)}`,
            ])
          : tinyPdf([
              `${p.carrier} - Account Statement`,
              `Account holder: ${c.spec.name}`,
              `Account number: ****${rng.digits(4)}`,
              `Service number: ${p.number}`,
              `Statement date: ${ymd(add(p.requestDate, -rng.int(5, 25) * DAY))}`,
              `Amount due: $${rng.int(80, 900)}.${rng.digits(2)}`,
            ]);
      sc.rows.portingDocuments.push({
        id: sc.uuid(),
        requestId: id,
        kind,
        fileName:
          kind === 'LOA'
            ? `LOA-${p.number.slice(2)}.pdf`
            : `bill-copy-${p.carrier
                .split(' ')[0]
                ?.toLowerCase()
                .replace(/[^a-z]/g, '')}-${ymd(p.requestDate)}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: content.length,
        content,
        uploadedById: p.submitter.id,
        createdAt: when,
      });
    }
  }
}
