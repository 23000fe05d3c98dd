import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  accounts,
  customers,
  invoiceLines,
  invoices,
  optOuts,
  phoneNumbers,
  portingRequests,
  usageDaily,
  users,
} from '../../db/schema/index.ts';

/**
 * The reports' queries. Usage figures read the daily rollups (usage_daily: one row per UTC day,
 * account and service), so a year's report reads at most accounts × services × days rows whatever
 * the number of raw records; the rest read the small tables (numbers, porting, opt-outs,
 * invoices). Deleted accounts and customers are left out, as the dashboards do.
 */

/** Whose figures: one account, one customer, or (both null) the whole book. */
export interface ReportScope {
  customerId: string | null;
  accountId: string | null;
}

/** Inclusive days (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** [from, until) instants of a day range in the caller's zone (for tables keyed by time, not day). */
export interface TimeRange {
  from: Date;
  until: Date;
}

function usageScope(scope: ReportScope): SQL | undefined {
  if (scope.accountId) return eq(usageDaily.accountId, scope.accountId);
  if (scope.customerId) return eq(usageDaily.customerId, scope.customerId);
  return undefined;
}

/** The sums every usage figure is made of (float8: exact integers far beyond int4, and one number type for both drivers). */
const usageSums = sql`sum(${usageDaily.volume})::float8 AS volume, sum(${usageDaily.succeeded})::float8 AS succeeded,
  sum(${usageDaily.failed})::float8 AS failed, sum(${usageDaily.units})::float8 AS units,
  sum(${usageDaily.revenue})::float8 AS revenue, sum(${usageDaily.inbound})::float8 AS inbound,
  sum(${usageDaily.international})::float8 AS international, sum(${usageDaily.latencyMs})::float8 AS "latencyMs",
  sum(${usageDaily.latencyCount})::float8 AS "latencyCount"`;

export interface UsageSums {
  volume: number;
  succeeded: number;
  failed: number;
  units: number;
  revenue: number;
  inbound: number;
  international: number;
  latencyMs: number;
  latencyCount: number;
}
export type Service = 'SMS' | 'Voice' | 'Numbers';

/** One bucket's usage of a customer and service (bucket: its first day, or 'previous' for the whole previous period). */
export interface BucketUsage extends UsageSums {
  customerId: string;
  customer: string;
  state: string;
  country: string;
  bucket: string;
  service: Service;
  /** The last day with usage in the bucket. */
  lastDay: string | null;
}

/** One day's usage of a service (the Usage Detail). */
export interface DayUsage {
  day: string;
  service: Service;
  volume: number;
  failed: number;
  revenue: number;
}

export const PREVIOUS = 'previous';

/**
 * The rollups of the scope over inclusive days, without deleted accounts' and deleted customers'
 * rows: an anti filter on the (usually empty) hashed list of their accounts costs less per row
 * than joining both tables.
 */
const usageRows = (scope: ReportScope, range: DayRange) => sql`${usageDaily}
  WHERE ${usageScope(scope) ?? sql`true`} AND ${usageDaily.day} BETWEEN ${range.from}::date AND ${range.to}::date
    AND ${usageDaily.accountId} NOT IN (
      SELECT a.id FROM ${accounts} a JOIN ${customers} c ON c.id = a.customer_id
      WHERE a.deleted_at IS NOT NULL OR c.deleted_at IS NOT NULL)`;

/**
 * Every usage figure's sums in one pass over the rollups of the period and the previous one: per
 * customer, chart bucket and service, with the whole previous period as one bucket. The series,
 * the tiles and their trends, the breakdown and the staff analytics (per customer and region) all
 * come from these rows: at most customers × buckets × 3 of them, whatever the number of raw
 * records. A customer's or an account's rollups are read through their (scope, day) index, the
 * whole book's in one scan; a row finds its bucket by a binary search of the buckets' first days
 * (width_bucket: cheaper per row than date arithmetic, and one hash table for every figure
 * instead of a pass per grouping). Written out, no result mapping: the rows go straight to the
 * figures.
 */
export async function usageBuckets(
  db: DbOrTx,
  scope: ReportScope,
  q: { current: DayRange; previous: DayRange; bucketStarts: string[] },
): Promise<BucketUsage[]> {
  const day = usageDaily.day;
  const from = q.previous.from < q.current.from ? q.previous.from : q.current.from;
  const result = await db.execute(sql`
    SELECT g.*, c.name AS customer, c.state, c.country
    FROM (
      SELECT ${usageDaily.customerId} AS "customerId", width_bucket(${day}, ${`{${q.bucketStarts.join(',')}}`}::date[]) AS bucket,
             ${usageDaily.service} AS service, ${usageSums}, (max(${day}) FILTER (WHERE ${usageDaily.volume} > 0))::text AS "lastDay"
      FROM ${usageRows(scope, { from, to: q.current.to })}
        AND (${day} >= ${q.current.from}::date OR ${day} <= ${q.previous.to}::date)
      GROUP BY 1, 2, 3
    ) g JOIN ${customers} c ON c.id = g."customerId"`);
  // bucket 0: before the period's first day, i.e. the previous period
  return rowsOf<Omit<BucketUsage, 'bucket'> & { bucket: number }>(result).map((r) => ({
    ...r,
    bucket: r.bucket === 0 ? PREVIOUS : (q.bucketStarts[r.bucket - 1] as string),
  }));
}

/**
 * The Usage Detail of a long period: the newest days' usage per service, at most `limit` rows.
 * Read newest first along the (day, ...) index and stopped at the limit, so it costs a few days'
 * rollups, not the period's.
 */
export async function latestDays(db: DbOrTx, scope: ReportScope, range: DayRange, limit: number): Promise<DayUsage[]> {
  const result = await db.execute(sql`
    SELECT ${usageDaily.day}::text AS day, ${usageDaily.service} AS service, sum(${usageDaily.volume})::float8 AS volume,
           sum(${usageDaily.failed})::float8 AS failed, sum(${usageDaily.revenue})::float8 AS revenue
    FROM ${usageRows(scope, range)}
    GROUP BY ${usageDaily.day}, ${usageDaily.service}
    HAVING sum(${usageDaily.volume}) > 0 OR sum(${usageDaily.revenue}) > 0
    ORDER BY ${usageDaily.day} DESC, array_position(ARRAY['SMS', 'Voice', 'Numbers'], ${usageDaily.service}::text)
    LIMIT ${limit}`);
  return rowsOf<DayUsage>(result);
}

function numberScope(scope: ReportScope): SQL | undefined {
  if (scope.accountId) return eq(phoneNumbers.accountId, scope.accountId);
  if (scope.customerId) return eq(phoneNumbers.customerId, scope.customerId);
  return undefined;
}

/** An amount of a calendar month (YYYY-MM). */
export interface MonthAmount {
  month: string;
  amount: number;
}

/** Port-ins under way now: every request neither Completed nor Rejected. */
export const OPEN_PORTING_STATUSES = ['Pending Docs', 'In Progress', 'Scheduled'] as const;

/**
 * The small figures in one round trip:
 * - porting: the scope's port-ins under way now (OPEN_PORTING_STATUSES);
 * - optOuts: numbers opted out (STOP) in the period: entries of the opt-out ledger created in it;
 * - numbers: the scope's active numbers now, per type, with their monthly fees;
 * - other / previousOther: the breakdown's Other, what invoices issued in each period billed
 *   besides usage and number fees: service lines (recurring services, one-off charges) and
 *   positive adjustments (credits lower a bill; they are not a service). Drafts and void invoices
 *   are not billed. For one account: the lines billed to it;
 * - otherByMonth: the period's Other per calendar month of issue (the revenue growth series).
 */
export async function smallFigures(db: DbOrTx, scope: ReportScope, span: TimeRange, current: DayRange, previous: DayRange) {
  const byScope = (customerCol: SQL, accountCol: SQL) =>
    scope.accountId
      ? sql`${accountCol} = ${scope.accountId}::uuid`
      : scope.customerId
        ? sql`${customerCol} = ${scope.customerId}::uuid`
        : sql`true`;
  const liveAccount = (accountCol: SQL) => sql`EXISTS (SELECT 1 FROM ${accounts} a JOIN ${customers} c ON c.id = a.customer_id
    WHERE a.id = ${accountCol} AND a.deleted_at IS NULL AND c.deleted_at IS NULL)`;
  const issued = (r: DayRange) => sql`i.issue_date BETWEEN ${r.from}::date AND ${r.to}::date`;
  const result = await db.execute(sql`
    WITH other AS (
      SELECT to_char(i.issue_date, 'YYYY-MM') AS month, ${issued(current)} AS current, sum(l.amount)::float8 AS amount
      FROM ${invoiceLines} l JOIN ${invoices} i ON i.id = l.invoice_id JOIN ${customers} c ON c.id = i.customer_id
      WHERE ${byScope(sql`i.customer_id`, sql`coalesce(l.account_id, i.account_id)`)} AND c.deleted_at IS NULL
        AND i.status NOT IN ('Draft', 'Void') AND (l.kind = 'services' OR (l.kind = 'adjustment' AND l.amount > 0))
        AND (${issued(current)} OR ${issued(previous)})
      GROUP BY 1, 2
    )
    SELECT
      (SELECT count(*) FROM ${portingRequests} p
        WHERE ${byScope(sql`p.customer_id`, sql`p.account_id`)} AND p.status IN (${sql.join(
          OPEN_PORTING_STATUSES.map((st) => sql`${st}`),
          sql`, `,
        )}) AND ${liveAccount(sql`p.account_id`)})::int AS porting,
      (SELECT count(*) FROM ${optOuts} o
        WHERE ${byScope(sql`o.customer_id`, sql`o.account_id`)} AND o.created_at >= ${span.from.toISOString()}::timestamptz
          AND o.created_at < ${span.until.toISOString()}::timestamptz AND ${liveAccount(sql`o.account_id`)})::int AS "optOuts",
      (SELECT coalesce(json_agg(t ORDER BY t.type), '[]') FROM (
        SELECT n.type, count(*)::int AS count, sum(n.monthly_fee)::float8 AS fees FROM ${phoneNumbers} n
        WHERE ${byScope(sql`n.customer_id`, sql`n.account_id`)} AND n.status = 'Active' AND ${liveAccount(sql`n.account_id`)}
        GROUP BY n.type) t) AS numbers,
      (SELECT coalesce(sum(amount) FILTER (WHERE current), 0) FROM other)::float8 AS other,
      (SELECT coalesce(sum(amount) FILTER (WHERE NOT current), 0) FROM other)::float8 AS "previousOther",
      (SELECT coalesce(json_agg(json_build_object('month', month, 'amount', amount) ORDER BY month), '[]') FROM other
        WHERE current) AS "otherByMonth"`);
  const row = rowsOf<{
    porting: number;
    optOuts: number;
    numbers: { type: string; count: number; fees: number }[] | string;
    other: number;
    previousOther: number;
    otherByMonth: MonthAmount[] | string;
  }>(result)[0];
  const json = <T>(v: T[] | string | undefined): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));
  return {
    numbersByType: json(row?.numbers),
    porting: Number(row?.porting ?? 0),
    optOuts: Number(row?.optOuts ?? 0),
    other: Number(row?.other ?? 0),
    previousOther: Number(row?.previousOther ?? 0),
    otherByMonth: json(row?.otherByMonth).map((m) => ({ month: m.month, amount: Number(m.amount) })),
  };
}

/** How many of the latest calls and of the latest messages the Most Active Number reads. */
export const ACTIVITY_SAMPLE = 1_000;

/**
 * Most Active Number and Number Utilization need activity per number, which no rollup keeps
 * (usage_daily is per account) and the raw tables index only by scope and time. Counting a
 * year of calls and messages per number would grow with the raw tables, so this reads a bounded
 * sample instead: the period's latest ACTIVITY_SAMPLE calls and ACTIVITY_SAMPLE messages of the
 * scope, each a backward scan of the (scope, time, id) index that stops at the limit, then
 * counts them per number of the scope (the caller's side of each record: the sender of outbound
 * traffic, the receiver of inbound). Its cost is bounded by the sample, not the tables; when the
 * period holds fewer records than the sample (the seed, small customers) the figures are exact,
 * otherwise they describe the period's most recent traffic. Answers the busiest active number
 * (ties: the lowest number) and how many active numbers carried any of that traffic.
 */
export async function numberActivity(db: DbOrTx, scope: ReportScope, range: TimeRange) {
  const latest = (table: 'cdrs' | 'messages', time: 'started_at' | 'sent_at') => {
    const t = sql.raw(table);
    const at = sql.raw(time);
    const own = scope.accountId
      ? sql`${t}.account_id = ${scope.accountId}::uuid AND `
      : scope.customerId
        ? sql`${t}.customer_id = ${scope.customerId}::uuid AND `
        : sql``;
    return sql`(SELECT CASE WHEN ${t}.direction = 'Outbound' THEN ${t}.from_number ELSE ${t}.to_number END AS number
      FROM ${t} WHERE ${own}${t}.${at} >= ${range.from.toISOString()}::timestamptz AND ${t}.${at} < ${range.until.toISOString()}::timestamptz
      ORDER BY ${t}.${at} DESC, ${t}.id DESC LIMIT ${ACTIVITY_SAMPLE})`;
  };
  const result = await db.execute(sql`
    SELECT s.number, count(*)::int AS activity, (count(*) OVER ())::int AS used
    FROM (${latest('cdrs', 'started_at')} UNION ALL ${latest('messages', 'sent_at')}) s
    JOIN ${phoneNumbers} ON ${phoneNumbers.number} = s.number AND ${phoneNumbers.status} = 'Active'
    JOIN ${accounts} ON ${accounts.id} = ${phoneNumbers.accountId} AND ${accounts.deletedAt} IS NULL
    JOIN ${customers} ON ${customers.id} = ${accounts.customerId} AND ${customers.deletedAt} IS NULL
    WHERE ${numberScope(scope) ?? sql`true`}
    GROUP BY s.number
    ORDER BY activity DESC, s.number
    LIMIT 1`);
  const row = rowsOf<{ number: string; activity: number; used: number }>(result)[0];
  return row ? { number: row.number, activity: Number(row.activity), used: Number(row.used) } : null;
}

/** The user's time zone (users.timezone). */
export async function userTimeZone(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone;
}

/** A live customer's name. */
export async function customerName(db: DbOrTx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  return row?.name;
}
