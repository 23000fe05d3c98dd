import { OPEN_TICKET_STATUSES } from '@portal/contract/support';
import { and, count, desc, eq, gte, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountServices,
  accounts,
  auditLog,
  customers,
  invoices,
  phoneNumbers,
  recentCustomers,
  tickets,
  usageDaily,
} from '../../db/schema/index.ts';

const liveCustomer = isNull(customers.deletedAt);

/** customerId null = the whole book. */
export async function countCustomers(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(customers).where(liveCustomer);
  return row?.n ?? 0;
}

/** What the provider billed since a day (invoices are issued on the 1st for the month before). */
export async function invoicedSince(db: DbOrTx, day: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)` })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(liveCustomer, gte(invoices.issueDate, day), notInArray(invoices.status, ['Draft', 'Void'])));
  return Math.round(Number(row?.total ?? 0) * 100) / 100;
}

export async function usageRevenueSince(db: DbOrTx, day: string, customerId: string | null) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${usageDaily.revenue}), 0)` })
    .from(usageDaily)
    .innerJoin(customers, eq(customers.id, usageDaily.customerId))
    .where(and(liveCustomer, gte(usageDaily.day, day), customerId ? eq(usageDaily.customerId, customerId) : undefined));
  return Math.round(Number(row?.total ?? 0) * 100) / 100;
}

export async function countActiveServices(db: DbOrTx) {
  const [row] = await db
    .select({ n: count() })
    .from(accountServices)
    .innerJoin(accounts, eq(accounts.id, accountServices.accountId))
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(and(eq(accountServices.status, 'active'), isNull(accounts.deletedAt), liveCustomer));
  return row?.n ?? 0;
}

export async function countOpenTickets(db: DbOrTx, customerId: string | null) {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .where(
      and(inArray(tickets.status, [...OPEN_TICKET_STATUSES]), liveCustomer, customerId ? eq(tickets.customerId, customerId) : undefined),
    );
  return row?.n ?? 0;
}

export async function recentCustomersOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      customerId: customers.customerCode,
      status: customers.status,
      accessedAt: recentCustomers.accessedAt,
    })
    .from(recentCustomers)
    .innerJoin(customers, eq(customers.id, recentCustomers.customerId))
    .where(and(eq(recentCustomers.userId, userId), liveCustomer))
    .orderBy(desc(recentCustomers.accessedAt))
    .limit(limit);
}

export async function recentTickets(db: DbOrTx, customerId: string | null, openOnly: boolean, limit: number) {
  return db
    .select({
      id: tickets.id,
      ticketId: tickets.ticketCode,
      subject: tickets.subject,
      customerName: customers.name,
      status: tickets.status,
      priority: tickets.priority,
      updatedAt: tickets.updatedAt,
    })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .where(
      and(
        liveCustomer,
        openOnly ? inArray(tickets.status, [...OPEN_TICKET_STATUSES]) : undefined,
        customerId ? eq(tickets.customerId, customerId) : undefined,
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

export async function companyName(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), liveCustomer));
  return row?.name;
}

export async function countActiveAccounts(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.customerId, customerId), isNull(accounts.deletedAt), eq(accounts.status, 'active')));
  return row?.n ?? 0;
}

export async function countActiveNumbers(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(and(eq(phoneNumbers.customerId, customerId), isNull(accounts.deletedAt), eq(phoneNumbers.status, 'Active')));
  return row?.n ?? 0;
}

export async function recentAccounts(db: DbOrTx, customerId: string, limit: number) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      accountId: accounts.accountCode,
      status: accounts.status,
      lastAccessed: accounts.lastAccessedAt,
    })
    .from(accounts)
    .where(and(eq(accounts.customerId, customerId), isNull(accounts.deletedAt)))
    .orderBy(sql`${accounts.lastAccessedAt} desc nulls last`, desc(accounts.createdAt))
    .limit(limit);
}

/** The company's numbers held now (live accounts), per type: how many are active and their monthly fees. */
export async function heldNumbersByType(db: DbOrTx, customerId: string) {
  return db
    .select({
      type: phoneNumbers.type,
      held: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) FILTER (WHERE ${phoneNumbers.status} = 'Active'))::int`,
      fees: sql<string>`coalesce(sum(${phoneNumbers.monthlyFee}) FILTER (WHERE ${phoneNumbers.status} = 'Active'), 0)`,
    })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(and(eq(phoneNumbers.customerId, customerId), isNull(accounts.deletedAt)))
    .groupBy(phoneNumbers.type)
    .orderBy(phoneNumbers.type);
}

/** Numbers the company holds now that were assigned to it since a moment, per UTC day. */
export async function numbersAddedSince(db: DbOrTx, customerId: string, since: Date) {
  const day = sql<string>`to_char(${phoneNumbers.assignedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(and(eq(phoneNumbers.customerId, customerId), isNull(accounts.deletedAt), gte(phoneNumbers.assignedAt, since)))
    .groupBy(day);
}

/**
 * Numbers the company released to the provider's inventory since a moment, per UTC day. A release
 * leaves no row behind (the number goes back to inventory), so they are counted from the audit
 * entries of the releases, whose `before` lists each number with the customer that held it.
 */
export async function numbersReleasedSince(db: DbOrTx, customerId: string, since: Date) {
  const day = sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const mine = sql`jsonb_path_query_array(${auditLog.before}, '$[*] ? (@.customerId == $c)', jsonb_build_object('c', ${customerId}::text))`;
  return db
    .select({ day, n: sql<number>`coalesce(sum(jsonb_array_length(${mine})), 0)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'numbers.remove'),
        gte(auditLog.createdAt, since),
        // one customer's release names it; a staff release across customers does not
        or(eq(auditLog.customerId, customerId), isNull(auditLog.customerId)),
      ),
    )
    .groupBy(day);
}
