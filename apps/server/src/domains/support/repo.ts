import type { TListArticlesQuery, TListTicketsQuery } from '@portal/contract/support';
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  customers,
  knowledgeArticles,
  serviceStatus,
  serviceStatusUpdates,
  statusSubscriptions,
  ticketComments,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { containsAny, orderBy, readPage } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

const ticketColumns = {
  id: tickets.id,
  ticketId: tickets.ticketCode,
  subject: tickets.subject,
  description: tickets.description,
  customerId: tickets.customerId,
  customerName: customers.name,
  accountName: accounts.name,
  category: tickets.category,
  status: tickets.status,
  priority: tickets.priority,
  assignedToId: assignee.id,
  assignedToName: assignee.name,
  createdBy: creator.name,
  createdById: tickets.createdById,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

function ticketsQuery(db: DbOrTx) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(accounts, eq(accounts.id, tickets.accountId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToId))
    .leftJoin(creator, eq(creator.id, tickets.createdById));
}

const PRIORITY_RANK = sql`array_position(array['Low','Medium','High','Critical']::text[], ${tickets.priority})`;
const SORTS = {
  updatedAt: tickets.updatedAt,
  createdAt: tickets.createdAt,
  ticketId: tickets.ticketCode,
  priority: PRIORITY_RANK,
  status: tickets.status,
  subject: sql`lower(${tickets.subject})`,
};

/** customerId null: every customer's tickets (staff). */
export async function listTickets(db: DbOrTx, customerId: string | null, q: TListTicketsQuery) {
  const where = and(
    isNull(customers.deletedAt),
    customerId ? eq(tickets.customerId, customerId) : undefined,
    containsAny(q.search, tickets.subject, tickets.ticketCode),
    q.status ? eq(tickets.status, q.status) : undefined,
    q.priority ? eq(tickets.priority, q.priority) : undefined,
    q.assignedToId === 'unassigned' ? isNull(tickets.assignedToId) : q.assignedToId ? eq(tickets.assignedToId, q.assignedToId) : undefined,
  );
  return readPage(
    q,
    ticketsQuery(db)
      .where(where)
      .orderBy(...orderBy(SORTS, q.sort, q.dir, tickets.id)),
    db.select({ n: count() }).from(tickets).innerJoin(customers, eq(customers.id, tickets.customerId)).where(where),
  );
}

export async function findTicket(db: DbOrTx, id: string, customerId: string | null) {
  const [row] = await ticketsQuery(db).where(
    and(eq(tickets.id, id), isNull(customers.deletedAt), customerId ? eq(tickets.customerId, customerId) : undefined),
  );
  return row;
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** Holds the ticket's row until the transaction ends (two replies reopening it run one at a time). */
export async function lockTicket(db: DbOrTx, id: string) {
  await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id)).for('update');
}

export async function listComments(db: DbOrTx, ticketId: string, withInternal: boolean) {
  return db
    .select({
      id: ticketComments.id,
      body: ticketComments.body,
      internal: ticketComments.internal,
      authorName: users.name,
      authorKind: users.kind,
      createdAt: ticketComments.createdAt,
    })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.authorId))
    .where(and(eq(ticketComments.ticketId, ticketId), withInternal ? undefined : eq(ticketComments.internal, false)))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
}

/** TKT-{year}-{nnn}: the next number of the year; call under lockTicketCodes. */
export async function nextTicketCode(db: DbOrTx, year: number) {
  const prefix = `TKT-${year}-`;
  const [row] = await db
    .select({ max: sql<number | null>`max(substring(${tickets.ticketCode} from ${sql.raw(String(prefix.length + 1))})::int)` })
    .from(tickets)
    .where(sql`${tickets.ticketCode} like ${`${prefix}%`}`);
  return `${prefix}${String((row?.max ?? 0) + 1).padStart(3, '0')}`;
}

export async function lockTicketCodes(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(382005)`);
}

export async function insertTicket(db: DbOrTx, values: typeof tickets.$inferInsert) {
  const [row] = await db.insert(tickets).values(values).returning({ id: tickets.id });
  return row as { id: string };
}

export async function updateTicket(db: DbOrTx, id: string, values: Partial<typeof tickets.$inferInsert>) {
  await db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tickets.id, id));
}

export async function insertComment(db: DbOrTx, values: typeof ticketComments.$inferInsert) {
  await db.insert(ticketComments).values(values);
}

/** Active staff who work tickets (assignees; notified of a new or unassigned ticket's replies). */
export async function supportStaff(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.kind, 'staff'),
        eq(users.status, 'Active'),
        isNull(users.deletedAt),
        inArray(users.role, ['Admin', 'Support', 'Technical']),
      ),
    )
    .orderBy(asc(users.name));
}

/** An active staff user by id (an assignee must be one). */
export async function activeStaff(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'staff'), eq(users.status, 'Active'), isNull(users.deletedAt)));
  return row;
}

/** The customer's active Admin users (told of staff replies besides the ticket's author). */
/** Incidents and maintenance (not the plain 'Operational' notes) still open, or resolved since `since`. */
export async function incidents(db: DbOrTx, since: Date) {
  return db
    .select()
    .from(serviceStatus)
    .where(and(ne(serviceStatus.status, 'Operational'), or(isNull(serviceStatus.resolvedAt), gte(serviceStatus.resolvedAt, since))))
    .orderBy(desc(serviceStatus.startedAt), desc(serviceStatus.id));
}

/** Incidents (degraded or since resolved) overlapping the window, with their start and end. */
export async function incidentsSince(db: DbOrTx, since: Date) {
  return db
    .select({ serviceName: serviceStatus.serviceName, startedAt: serviceStatus.startedAt, resolvedAt: serviceStatus.resolvedAt })
    .from(serviceStatus)
    .where(
      and(
        inArray(serviceStatus.status, ['Degraded Performance', 'Resolved']),
        sql`coalesce(${serviceStatus.resolvedAt}, now()) >= ${since.toISOString()}`,
      ),
    );
}

export async function incidentUpdates(db: DbOrTx, incidentIds: string[]) {
  if (!incidentIds.length) return [];
  return db
    .select({
      id: serviceStatusUpdates.id,
      incidentId: serviceStatusUpdates.incidentId,
      status: serviceStatusUpdates.status,
      message: serviceStatusUpdates.message,
      author: users.name,
      createdAt: serviceStatusUpdates.createdAt,
    })
    .from(serviceStatusUpdates)
    .leftJoin(users, eq(users.id, serviceStatusUpdates.authorId))
    .where(inArray(serviceStatusUpdates.incidentId, incidentIds))
    .orderBy(desc(serviceStatusUpdates.createdAt), desc(serviceStatusUpdates.id));
}

export async function findIncident(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(serviceStatus)
    .where(and(eq(serviceStatus.id, id), ne(serviceStatus.status, 'Operational')));
  return row;
}

export async function lockIncident(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(serviceStatus)
    .where(and(eq(serviceStatus.id, id), ne(serviceStatus.status, 'Operational')))
    .for('update');
  return row;
}

export const insertIncident = (db: DbOrTx, values: typeof serviceStatus.$inferInsert) => insertRow(db, serviceStatus, values);

export async function updateIncident(db: DbOrTx, id: string, values: Partial<typeof serviceStatus.$inferInsert>) {
  await db.update(serviceStatus).set(values).where(eq(serviceStatus.id, id));
}

export async function insertIncidentUpdate(db: DbOrTx, values: typeof serviceStatusUpdates.$inferInsert) {
  await db.insert(serviceStatusUpdates).values(values);
}

// ---- Knowledge base ----
const document = sql`to_tsvector('english', ${knowledgeArticles.title} || ' ' || ${knowledgeArticles.body})`;

export async function listArticles(db: DbOrTx, q: TListArticlesQuery, publicOnly: boolean) {
  const query = q.search ? sql`websearch_to_tsquery('english', ${q.search})` : null;
  const where = and(
    publicOnly ? eq(knowledgeArticles.published, true) : undefined,
    q.category ? eq(knowledgeArticles.category, q.category) : undefined,
    query ? sql`${document} @@ ${query}` : undefined,
  );
  return readPage(
    q,
    db
      .select({
        id: knowledgeArticles.id,
        title: knowledgeArticles.title,
        category: knowledgeArticles.category,
        published: knowledgeArticles.published,
        excerpt: sql<string>`left(${knowledgeArticles.body}, 220)`,
        lastUpdated: knowledgeArticles.lastUpdated,
      })
      .from(knowledgeArticles)
      .where(where)
      // the best matches first when searching, else the newest
      .orderBy(
        ...(query ? [desc(sql`ts_rank(${document}, ${query})`)] : []),
        desc(knowledgeArticles.lastUpdated),
        desc(knowledgeArticles.id),
      ),
    db.select({ n: count() }).from(knowledgeArticles).where(where),
  );
}

export async function findArticle(db: DbOrTx, id: string, publicOnly: boolean) {
  const [row] = await db
    .select()
    .from(knowledgeArticles)
    .where(and(eq(knowledgeArticles.id, id), publicOnly ? eq(knowledgeArticles.published, true) : undefined));
  return row;
}

export const insertArticle = (db: DbOrTx, values: typeof knowledgeArticles.$inferInsert) => insertRow(db, knowledgeArticles, values);

export async function updateArticle(db: DbOrTx, id: string, values: Partial<typeof knowledgeArticles.$inferInsert>) {
  const [row] = await db.update(knowledgeArticles).set(values).where(eq(knowledgeArticles.id, id)).returning();
  return row;
}

export async function deleteArticle(db: DbOrTx, id: string) {
  const [row] = await db
    .delete(knowledgeArticles)
    .where(eq(knowledgeArticles.id, id))
    .returning({ id: knowledgeArticles.id, title: knowledgeArticles.title });
  return row;
}

export async function isPremium(db: DbOrTx, customerId: string) {
  const [row] = await db.select({ premium: customers.premium }).from(customers).where(eq(customers.id, customerId));
  return row?.premium ?? false;
}

export async function subscription(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(statusSubscriptions).where(eq(statusSubscriptions.userId, userId));
  return row;
}

export async function setSubscription(db: DbOrTx, userId: string, value: { subscribed: boolean; email: boolean }) {
  if (!value.subscribed) {
    await db.delete(statusSubscriptions).where(eq(statusSubscriptions.userId, userId));
    return;
  }
  await db
    .insert(statusSubscriptions)
    .values({ userId, email: value.email })
    .onConflictDoUpdate({ target: statusSubscriptions.userId, set: { email: value.email } });
}

/** Active subscribers, with their email address. */
export async function subscribers(db: DbOrTx) {
  return db
    .select({ userId: users.id, address: users.email, name: users.name, email: statusSubscriptions.email })
    .from(statusSubscriptions)
    .innerJoin(users, eq(users.id, statusSubscriptions.userId))
    .where(and(eq(users.status, 'Active'), isNull(users.deletedAt)));
}
