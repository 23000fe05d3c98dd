/** Support: tickets with comments, knowledge-base articles and service status entries. */
import type { TServiceStatus, TTicketPriority, TTicketStatus } from '@portal/contract/support';
import type { SeedContext, SeedCustomer, SeedUser } from './context.ts';
import { INTERNAL_NOTES, KNOWLEDGE_ARTICLES, TICKET_FOLLOWUPS, TICKET_SUBJECTS } from './data/support.ts';
import { activeCustomerUser, add, at, HOUR, MIN, maxDate, minDate, staffByRole, TIER_WEIGHT, YearSequence, ymd } from './helpers.ts';

export function seedSupport(sc: SeedContext): void {
  const rng = sc.rng.fork('support');
  const supportStaff = staffByRole(sc, 'Support');
  const techStaff = staffByRole(sc, 'Technical');
  const inactiveSupport = sc.staff.filter((u) => u.status === 'Inactive');
  const acme = at(sc.customers, 0);
  const others = sc.customers.filter((c) => c.index !== 0);
  const weights = others.map((c) => [c, c.spec.status === 'pending' ? 0.6 : TIER_WEIGHT[c.spec.tier]] as const);

  const acmeStatuses: TTicketStatus[] = ['open', 'open', 'in-progress', 'pending', 'resolved', 'resolved', 'closed'];
  const plans: { customer: SeedCustomer; status: TTicketStatus; age: number }[] = acmeStatuses.map((status, k) => ({
    customer: acme,
    status,
    age:
      status === 'open'
        ? rng.float(0.05, 3)
        : status === 'in-progress'
          ? rng.float(1, 8)
          : status === 'pending'
            ? rng.float(4, 20)
            : rng.float(10 + k, 88),
  }));
  const forced: TTicketStatus[] = ['open', 'in-progress', 'pending', 'resolved', 'closed'];
  while (plans.length < sc.volumes.tickets) {
    const age = rng.float(0.05, 89);
    const status: TTicketStatus =
      plans.length < acmeStatuses.length + forced.length
        ? at(forced, plans.length - acmeStatuses.length)
        : age < 3
          ? rng.weighted<TTicketStatus>([
              ['open', 6],
              ['in-progress', 3],
              ['pending', 1],
            ])
          : age < 14
            ? rng.weighted<TTicketStatus>([
                ['open', 2],
                ['in-progress', 4],
                ['pending', 3],
                ['resolved', 3],
                ['closed', 1],
              ])
            : rng.weighted<TTicketStatus>([
                ['in-progress', 1],
                ['pending', 1],
                ['resolved', 4],
                ['closed', 6],
              ]);
    plans.push({ customer: rng.weighted(weights), status, age });
  }

  const usedSubjects = new Map<string, Set<string>>();
  const built = plans.map((p) => {
    const used = usedSubjects.get(p.customer.id) ?? new Set<string>();
    usedSubjects.set(p.customer.id, used);
    const spec = rng.pick(TICKET_SUBJECTS.filter((t) => !used.has(t.subject)));
    used.add(spec.subject);
    const createdAt = maxDate(sc.ago(p.age), add(p.customer.createdAt, HOUR));
    return { ...p, spec, createdAt };
  });
  built.sort((p, q) => p.createdAt.getTime() - q.createdAt.getTime());

  const codes = new YearSequence();
  for (const t of built) {
    const id = sc.uuid();
    const code = codes.code('TKT', t.createdAt);
    const c = t.customer;
    const author = activeCustomerUser(rng, c);
    const pool = t.spec.technical ? techStaff : supportStaff;
    const closedOld = (t.status === 'closed' || t.status === 'resolved') && t.age > 45;
    const assignee =
      t.status === 'open' && rng.chance(0.35)
        ? undefined
        : closedOld && inactiveSupport.length && rng.chance(0.25)
          ? rng.pick(inactiveSupport)
          : rng.pick(pool);
    const priority = rng.weighted<TTicketPriority>([
      ['Low', 22],
      ['Medium', 40],
      ['High', 26],
      ['Critical', 12],
    ]);

    // comments: staff reply, maybe an internal note, customer follow-up, staff closing note
    const wanted = t.status === 'open' ? rng.int(1, 2) : t.status === 'resolved' || t.status === 'closed' ? rng.int(2, 4) : rng.int(1, 4);
    const staffAuthor = assignee ?? rng.pick(pool);
    const script: { author: SeedUser; body: string; internal: boolean }[] = [];
    if (t.status === 'open' && !assignee) script.push({ author, body: rng.pick(TICKET_FOLLOWUPS.slice(2)), internal: false });
    else script.push({ author: staffAuthor, body: t.spec.reply, internal: false });
    if (rng.chance(0.4)) script.push({ author: staffAuthor, body: rng.pick(INTERNAL_NOTES), internal: true });
    script.push({ author, body: rng.pick(TICKET_FOLLOWUPS), internal: false });
    script.push({
      author: staffAuthor,
      body:
        t.status === 'resolved' || t.status === 'closed'
          ? 'Glad to hear it. Marking this ticket as resolved.'
          : 'Thanks for the update, we are still working on it.',
      internal: false,
    });
    const comments = script.slice(0, wanted);
    let when = t.createdAt;
    const end = sc.now;
    const stepMax = Math.max(10 * MIN, (end.getTime() - t.createdAt.getTime()) / (comments.length + 1));
    for (const cm of comments) {
      when = new Date(Math.min(when.getTime() + rng.float(0.2, 1) * stepMax, end.getTime() - MIN));
      sc.rows.ticketComments.push({
        id: sc.uuid(),
        ticketId: id,
        authorId: cm.author.id,
        body: cm.body,
        internal: cm.internal,
        createdAt: when,
      });
    }
    const updatedAt = maxDate(when, t.createdAt);
    const account = c.accounts.length && rng.chance(0.7) ? rng.pick(c.accounts) : undefined;
    sc.rows.tickets.push({
      id,
      ticketCode: code,
      customerId: c.id,
      accountId: account?.id ?? null,
      subject: t.spec.subject,
      description: t.spec.description,
      category: t.spec.category,
      status: t.status,
      priority,
      assignedToId: assignee?.id ?? null,
      createdById: author.id,
      createdAt: t.createdAt,
      updatedAt,
    });
    sc.tickets.push({
      id,
      code,
      customer: c,
      subject: t.spec.subject,
      status: t.status,
      priority,
      createdAt: t.createdAt,
      updatedAt,
      assignee,
    });
  }

  // knowledge base
  KNOWLEDGE_ARTICLES.forEach(([title, category, body]) => {
    const createdAt = sc.ago(rng.float(120, 700));
    sc.rows.knowledgeArticles.push({
      id: sc.uuid(),
      title,
      category,
      body,
      published: true,
      createdAt,
      lastUpdated: sc.between(rng, createdAt, sc.ago(2)),
    });
  });

  // service status
  const entry = (
    serviceName: string,
    status: TServiceStatus,
    title: string,
    description: string,
    startedAt: Date,
    resolvedAt: Date | null,
  ) => {
    const id = sc.uuid();
    sc.rows.serviceStatus.push({
      id,
      serviceName,
      status,
      title,
      description,
      startedAt,
      resolvedAt,
      updatedAt: minDate(resolvedAt ?? startedAt, sc.now),
    });
    // an incident's dated updates: what was reported when it began, and how it ended
    if (status === 'Operational') return;
    const reported = status === 'Resolved' ? 'Degraded Performance' : status;
    const createdAt = status === 'Scheduled' ? minDate(sc.ago(1), sc.now) : startedAt;
    sc.rows.serviceStatusUpdates.push({ id: sc.uuid(), incidentId: id, status: reported, message: description, authorId: null, createdAt });
    if (resolvedAt) {
      sc.rows.serviceStatusUpdates.push({
        id: sc.uuid(),
        incidentId: id,
        status: 'Resolved',
        message: 'This incident has been resolved.',
        authorId: null,
        createdAt: resolvedAt,
      });
    }
  };
  const maintenance = new Date(Date.UTC(sc.now.getUTCFullYear(), sc.now.getUTCMonth(), sc.now.getUTCDate() + 6, 6));
  entry(
    'SMS',
    'Degraded Performance',
    'Delayed MMS delivery to some carriers',
    'MMS messages to some carriers are delivered with delays of up to 10 minutes. SMS is not affected.',
    add(sc.now, -95 * MIN),
    null,
  );
  entry('Voice', 'Operational', 'Voice services operating normally', 'All voice systems are operating normally.', sc.ago(12), null);
  entry(
    'Numbers',
    'Operational',
    'Number ordering and porting operating normally',
    'Number search, ordering and porting are operating normally.',
    sc.ago(30),
    null,
  );
  entry('Portal', 'Operational', 'Portal operating normally', 'The customer and admin portals are operating normally.', sc.ago(30), null);
  entry(
    'API',
    'Resolved',
    'Elevated API latency',
    'Requests to /v1/messages saw elevated latency (p95 over 2 s). A database failover restored normal response times.',
    add(sc.ago(3), -2 * HOUR),
    add(sc.ago(3), -20 * MIN),
  );
  entry(
    'Voice',
    'Resolved',
    'Intermittent call setup failures (West region)',
    'Some outbound calls through the West region failed with SIP 503. Traffic was rerouted and the faulty SBC replaced.',
    sc.ago(12.3),
    sc.ago(12.1),
  );
  entry(
    'Voice',
    'Scheduled',
    'Scheduled maintenance: SIP core upgrade',
    `Planned maintenance on ${ymd(maintenance)} from 06:00 to 08:00 UTC. Calls may be briefly interrupted during failover.`,
    maintenance,
    null,
  );
}
