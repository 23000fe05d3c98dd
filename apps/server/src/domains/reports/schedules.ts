/**
 * Scheduled reports: a staff member (for any customer, or all of them) or a customer Admin (for
 * their company) has a tab of the report made weekly or monthly and e-mailed to chosen addresses
 * as a link to the file. The hourly job (jobs.ts) runs the schedules that are due.
 */
import type { TReportQuery, TReportSchedule, TReportScheduleInput } from '@portal/contract/reports';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, reportSchedules, users } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer, userOf } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { auditFor } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { checkTab, collect, renderReport } from './export.ts';
import { downloadPath, FILE_DAYS, insertFile } from './files.ts';
import { addDays, monthStart } from './periods.ts';
import { periodLine, reportTitle } from './report-table.ts';
import { buildReport } from './service.ts';

const audit = auditFor('report_schedule');

/** The hour (UTC) a due report is made: early in the working day on both sides of the Atlantic. */
export const RUN_HOUR_UTC = 6;
const DAY_MS = 86_400_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const atRunHour = (day: string) => new Date(`${day}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);

/** The next run strictly after `after`: weekly on Mondays, monthly on the 1st, at RUN_HOUR_UTC. */
export function nextRunAfter(frequency: TReportScheduleInput['frequency'], after: Date): Date {
  const today = dayOf(after);
  if (frequency === 'weekly') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday, 1 Monday
    let run = atRunHour(addDays(today, (8 - weekday) % 7));
    if (run <= after) run = new Date(run.getTime() + 7 * DAY_MS);
    return run;
  }
  let run = atRunHour(monthStart(today));
  if (run <= after) run = atRunHour(monthStart(today, 1));
  return run;
}

/** The period a run due at `due` reports: the 7 days before that Monday, or the month before that 1st. */
export function scheduledPeriod(
  frequency: TReportScheduleInput['frequency'],
  due: Date,
): Pick<TReportQuery, 'period' | 'startDate' | 'endDate'> {
  const day = dayOf(due);
  if (frequency === 'weekly') return { period: 'custom', startDate: addDays(day, -7), endDate: addDays(day, -1) };
  const start = monthStart(day, -1);
  return { period: 'custom', startDate: start, endDate: addDays(monthStart(day), -1) };
}

// ---------------------------------------------------------------------------------------------
// Reading

const scheduleColumns = {
  id: reportSchedules.id,
  customerId: reportSchedules.customerId,
  customerName: customers.name,
  createdById: reportSchedules.createdById,
  createdBy: users.name,
  creatorKind: users.kind,
  name: reportSchedules.name,
  frequency: reportSchedules.frequency,
  format: reportSchedules.format,
  tab: reportSchedules.tab,
  service: reportSchedules.service,
  recipients: reportSchedules.recipients,
  active: reportSchedules.active,
  nextRunAt: reportSchedules.nextRunAt,
  lastRunAt: reportSchedules.lastRunAt,
  lastError: reportSchedules.lastError,
  createdAt: reportSchedules.createdAt,
};

function selectSchedules(db: DbOrTx) {
  return db
    .select(scheduleColumns)
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.createdById))
    .leftJoin(customers, eq(customers.id, reportSchedules.customerId));
}

type ScheduleRow = Awaited<ReturnType<typeof selectSchedules>>[number];

/** What a schedule is as its form sets it: created, edited, shown and audited. */
const columnsOf = (s: Omit<TReportScheduleInput, 'customerId'>) => ({
  name: s.name,
  frequency: s.frequency,
  format: s.format,
  tab: s.tab,
  service: s.service,
  recipients: s.recipients,
  active: s.active,
});

function view(r: ScheduleRow): TReportSchedule {
  return {
    id: r.id,
    ...columnsOf(r),
    customerId: r.customerId,
    customerName: r.customerName,
    createdBy: r.createdBy,
    nextRunAt: r.nextRunAt.toISOString(),
    lastRunAt: r.lastRunAt?.toISOString() ?? null,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a schedule. */
const auditView = (r: TReportSchedule | ScheduleRow) => ({ ...columnsOf(r), customerId: r.customerId });

/** The schedules the caller may see: a customer's company's; staff every one. Newest first. */
export async function listSchedules(ctx: Ctx): Promise<{ items: TReportSchedule[] }> {
  const own = ownCustomer(ctx);
  if (isCustomerSide(ctx) && !own) throw notFound('Customer');
  const rows = await selectSchedules(ctx.db)
    .where(own ? eq(reportSchedules.customerId, own) : undefined)
    .orderBy(sql`${reportSchedules.createdAt} DESC`, asc(reportSchedules.id));
  return { items: rows.map(view) };
}

/** A schedule within the caller's reach, or a 404. */
async function scheduleInScope(ctx: Ctx, id: string, lock = false): Promise<ScheduleRow> {
  const own = ownCustomer(ctx);
  if (isCustomerSide(ctx) && !own) throw notFound('Schedule');
  const q = selectSchedules(ctx.db).where(and(eq(reportSchedules.id, id), own ? eq(reportSchedules.customerId, own) : undefined));
  const [row] = await (lock ? q.for('update', { of: reportSchedules }) : q);
  if (!row) throw notFound('Schedule');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Changes

/** Whose figures the schedule sends: a customer's own company always; staff any live customer, or all (null). */
async function scheduleCustomer(ctx: Ctx, input: TReportScheduleInput): Promise<string | null> {
  const own = ownCustomer(ctx);
  if (own) return own;
  if (!input.customerId) return null;
  const [c] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)));
  if (!c) throw notFound('Customer');
  return c.id;
}

function checkInput(ctx: Ctx, input: TReportScheduleInput): void {
  checkTab(ctx, input.tab);
  const seen = new Set<string>();
  input.recipients.forEach((r, i) => {
    const key = r.toLowerCase();
    if (seen.has(key)) throw invalid({ [`recipients.${i}`]: 'This address is listed twice' });
    seen.add(key);
  });
}

export async function createSchedule(ctx: Ctx, input: TReportScheduleInput, now = new Date()): Promise<TReportSchedule> {
  const me = userOf(ctx);
  checkInput(ctx, input);
  const customerId = await scheduleCustomer(ctx, input);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(reportSchedules)
      .values({
        customerId,
        createdById: me.userId,
        ...columnsOf(input),
        nextRunAt: nextRunAfter(input.frequency, now),
      })
      .returning({ id: reportSchedules.id });
    if (!row) throw new Error('The schedule was not added');
    const created = view(await scheduleInScope(tx, row.id));
    await audit(tx, 'report_schedule.create', { id: row.id, customerId }, `Scheduled the ${input.frequency} report ${input.name}`, {
      after: auditView(created),
    });
    return created;
  });
}

export async function updateSchedule(ctx: Ctx, id: string, input: TReportScheduleInput, now = new Date()): Promise<TReportSchedule> {
  userOf(ctx);
  checkInput(ctx, input);
  const customerId = await scheduleCustomer(ctx, input);
  return inTransaction(ctx, async (tx) => {
    const before = await scheduleInScope(tx, id, true);
    // a new frequency, or switching back on, counts from now; otherwise the next run stays
    const nextRunAt =
      before.frequency !== input.frequency || (!before.active && input.active) ? nextRunAfter(input.frequency, now) : before.nextRunAt;
    await tx.db
      .update(reportSchedules)
      .set({
        customerId,
        ...columnsOf(input),
        nextRunAt,
        updatedAt: now,
      })
      .where(eq(reportSchedules.id, id));
    const after = view(await scheduleInScope(tx, id));
    await audit(
      tx,
      'report_schedule.update',
      { id, customerId: customerId ?? before.customerId },
      `Updated the scheduled report ${input.name}`,
      { before: auditView(before), after: auditView(after) },
    );
    return after;
  });
}

export async function deleteSchedule(ctx: Ctx, id: string): Promise<void> {
  userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const before = await scheduleInScope(tx, id, true);
    await tx.db.delete(reportSchedules).where(eq(reportSchedules.id, id));
    await audit(tx, 'report_schedule.delete', before, `Deleted the scheduled report ${before.name}`, {
      before: auditView(before),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Running

const untilDay = (at: Date) => at.toLocaleDateString('en-US', { timeZone: 'UTC', month: '2-digit', day: '2-digit', year: 'numeric' });

/**
 * One due schedule, in one transaction: the report built for its scope (as its author sees it: a
 * customer Admin's without the staff analytics), rendered, kept as a file for FILE_DAYS, a link
 * e-mailed to each recipient, and the next run set. A failure is recorded on the schedule (the
 * next run still moves on, so a broken schedule does not mail every hour). Returns false when
 * another run took it first.
 */
export async function runSchedule(ctx: Ctx, id: string, now = new Date()): Promise<boolean> {
  const taken = await inTransaction(ctx, async (tx) => {
    const [row] = await selectSchedules(tx.db)
      .where(and(eq(reportSchedules.id, id), eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
      .for('update', { of: reportSchedules, skipLocked: true });
    if (!row) return null;
    const nextRunAt = nextRunAfter(row.frequency, now);
    try {
      await inTransaction(tx, async (inner) => {
        const period = scheduledPeriod(row.frequency, row.nextRunAt);
        const report = await buildReport(
          inner,
          { ...period, service: row.service, ...(row.customerId ? { customerId: row.customerId } : {}) },
          { now, timeZone: 'UTC' },
        );
        const seen = row.creatorKind === 'customer' ? { ...report, analytics: null } : report;
        const file = renderReport(seen, row.tab, row.format, ctx.config.PORTAL_BRAND);
        const bytes = await collect(file.body);
        const { token } = await insertFile(inner, {
          userId: null,
          customerId: row.customerId,
          scheduleId: row.id,
          name: file.fileName,
          format: row.format,
          request: { kind: 'schedule', scheduleId: row.id, ...period, service: row.service, tab: row.tab },
          now,
          content: { bytes, rows: null },
        });
        const link = `${ctx.config.publicUrl}${downloadPath(token)}`;
        const expires = untilDay(new Date(now.getTime() + FILE_DAYS * DAY_MS));
        for (const to of row.recipients) {
          await queueEmail(inner, {
            to,
            subject: `[${ctx.config.PORTAL_BRAND}] ${row.name}: ${reportTitle(row.tab)}`,
            body: [
              'Hello,',
              '',
              `Your scheduled report "${row.name}" is ready: the ${reportTitle(row.tab)} of ${seen.scope} for ${periodLine(seen)}.`,
              '',
              `Download (${row.format.toUpperCase()}): ${link}`,
              '',
              `The link works until ${expires}. The report was scheduled by ${row.createdBy} in the ${ctx.config.PORTAL_BRAND} portal (Reports).`,
            ].join('\n'),
          });
        }
        await inner.db
          .update(reportSchedules)
          .set({ lastRunAt: now, lastError: null, nextRunAt, updatedAt: now })
          .where(eq(reportSchedules.id, row.id));
      });
    } catch (err) {
      ctx.log.warn({ err, scheduleId: row.id }, 'scheduled report failed');
      await tx.db
        .update(reportSchedules)
        .set({ lastRunAt: now, lastError: (err as Error).message.slice(0, 500), nextRunAt, updatedAt: now })
        .where(eq(reportSchedules.id, row.id));
    }
    return row.id;
  });
  return taken !== null;
}

/** The hourly run: every active schedule whose time has come, one at a time. */
export async function runDueSchedules(ctx: Ctx, now = new Date()): Promise<{ ran: number }> {
  const due = await ctx.db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
    .orderBy(asc(reportSchedules.nextRunAt));
  let ran = 0;
  for (const { id } of due) if (await runSchedule(ctx, id, now)) ran++;
  return { ran };
}
