import type { TReportSchedule } from '@portal/contract/reports';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, customers, emailOutbox, reportFiles, reportSchedules } from '../src/db/schema/index.ts';
import { reportSchedulesJob } from '../src/domains/reports/jobs.ts';
import { nextRunAfter, runDueSchedules, scheduledPeriod } from '../src/domains/reports/schedules.ts';
import { systemCtx } from '../src/lib/context.ts';
import { testClient } from './client.ts';
import { createTestApp } from './helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());
const { app, database } = t;
const api = await testClient(app);
const db = database.db;
const ctx = systemCtx({ database, config: app.config, log: app.log }, 'test');

const customerId = async (code: string) => {
  const [c] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.customerCode, code));
  if (!c) throw new Error(`no customer ${code}`);
  return c;
};
const acme = await customerId('CUST-1001');
const globex = await customerId('CUST-1002');

const input = (over: Record<string, unknown> = {}) => ({
  name: 'Weekly overview',
  frequency: 'weekly',
  format: 'csv',
  tab: 'overview',
  service: 'all',
  recipients: ['finance@acme.example', 'ops@acme.example'],
  active: true,
  ...over,
});

const auditOf = (entityId: string) => db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.createdAt));

describe('when a schedule runs', () => {
  it('weekly on Mondays at 06:00 UTC, monthly on the 1st', () => {
    // 2026-03-02 is a Monday
    expect(nextRunAfter('weekly', new Date('2026-03-02T05:59:00Z')).toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-03-02T06:00:00Z')).toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-03-08T23:00:00Z')).toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-03-04T12:00:00Z')).toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-02-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-02-01T06:00:00Z')).toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-01T05:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-20T05:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('reports the 7 days before the Monday, or the month before the 1st', () => {
    const periods = [
      ['weekly', '2026-03-09T06:00:00Z', '2026-03-02', '2026-03-08'],
      ['monthly', '2026-03-01T06:00:00Z', '2026-02-01', '2026-02-28'],
      ['monthly', '2024-03-01T06:00:00Z', '2024-02-01', '2024-02-29'],
      ['monthly', '2027-01-01T06:00:00Z', '2026-12-01', '2026-12-31'],
    ] as const;
    for (const [schedule, at, startDate, endDate] of periods)
      expect(scheduledPeriod(schedule, new Date(at)), `${schedule} at ${at}`).toEqual({ period: 'custom', startDate, endDate });
  });
});

describe('schedules: create, list, change, delete', () => {
  let mine: TReportSchedule;

  it('a customer Admin schedules for their own company, whatever customer is sent; one audit entry', async () => {
    const before = Date.now();
    const res = await api.as('customer:admin').post<TReportSchedule>('/api/reports/schedules', input({ customerId: globex.id }));
    expect(res.status).toBe(201);
    mine = res.json();
    expect(mine).toMatchObject({
      name: 'Weekly overview',
      frequency: 'weekly',
      format: 'csv',
      tab: 'overview',
      customerId: acme.id,
      customerName: acme.name,
      recipients: ['finance@acme.example', 'ops@acme.example'],
      active: true,
      lastRunAt: null,
      lastError: null,
    });
    expect(mine.nextRunAt).toBe(nextRunAfter('weekly', new Date(Date.parse(mine.createdAt))).toISOString());
    expect(new Date(mine.nextRunAt).getUTCDay()).toBe(1);
    expect(Date.parse(mine.nextRunAt)).toBeGreaterThan(before);
    const audit = await auditOf(mine.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'report_schedule.create', customerId: acme.id, actorEmail: 'customer@example.com' });
  });

  it("lists: the company's users see their company's schedules; staff see every one; others' stay hidden", async () => {
    const staffMade = await api
      .as('staff:admin')
      .post<TReportSchedule>(
        '/api/reports/schedules',
        input({ name: 'All customers monthly', frequency: 'monthly', tab: 'revenue', format: 'xlsx' }),
      );
    expect(staffMade.status).toBe(201);
    expect(staffMade.json()).toMatchObject({ customerId: null, customerName: null, tab: 'revenue', createdBy: expect.any(String) });
    const forGlobex = await api
      .as('staff:account_manager')
      .post<TReportSchedule>('/api/reports/schedules', input({ name: 'Globex weekly', customerId: globex.id }));
    expect(forGlobex.status).toBe(201);
    expect(forGlobex.json().customerId).toBe(globex.id);

    const user = (await api.as('customer:user').get<{ items: TReportSchedule[] }>('/api/reports/schedules')).json().items;
    expect(user.map((s) => s.id)).toContain(mine.id);
    expect(user.every((s) => s.customerId === acme.id)).toBe(true);
    const other = (await api.as('other:customer:admin').get<{ items: TReportSchedule[] }>('/api/reports/schedules')).json().items;
    expect(other.map((s) => s.id)).toContain(forGlobex.json().id);
    expect(other.map((s) => s.id)).not.toContain(mine.id);
    const staff = (await api.as('staff:support').get<{ items: TReportSchedule[] }>('/api/reports/schedules')).json().items;
    expect(staff.map((s) => s.id)).toEqual(expect.arrayContaining([mine.id, staffMade.json().id, forGlobex.json().id]));
  });

  it('refuses: customer Users and staff without reports.schedule (403), another company (404), staff tabs for customers (400)', async () => {
    const user = await api.as('customer:user').post('/api/reports/schedules', input());
    expect(user.status).toBe(403);
    const technical = await api.as('staff:technical').post('/api/reports/schedules', input());
    expect(technical.status).toBe(403);
    const anonymous = await api.anonymous.get('/api/reports/schedules');
    expect(anonymous.status).toBe(401);
    for (const [method, url] of [
      ['put', `/api/reports/schedules/${mine.id}`],
      ['delete', `/api/reports/schedules/${mine.id}`],
    ] as const) {
      const res =
        method === 'put' ? await api.as('other:customer:admin').put(url, input()) : await api.as('other:customer:admin').delete(url);
      expect(res.status, method).toBe(404);
      expect(res.error().code).toBe('NOT_FOUND');
    }
    const staffTab = await api.as('customer:admin').post('/api/reports/schedules', input({ tab: 'performance' }));
    expect(staffTab.status).toBe(400);
    expect(staffTab.error().fields).toHaveProperty('tab');
    const nobody = await api
      .as('staff:admin')
      .post('/api/reports/schedules', input({ customerId: '00000000-0000-4000-8000-000000000000' }));
    expect(nobody.status).toBe(404);
  });

  it('bad input: 400 with the fields', async () => {
    const res = await api
      .as('customer:admin')
      .post('/api/reports/schedules', { ...input(), name: ' ', recipients: [], frequency: 'daily', format: 'docx' });
    expect(res.status).toBe(400);
    expect(res.error().fields).toMatchObject({ name: 'Name is required', recipients: 'Add at least one recipient' });
    expect(res.error().fields).toHaveProperty('frequency');
    expect(res.error().fields).toHaveProperty('format');
    const email = await api.as('customer:admin').post('/api/reports/schedules', input({ recipients: ['not-an-address'] }));
    expect(email.status).toBe(400);
    expect(email.error().fields).toHaveProperty(['recipients.0']);
    const twice = await api
      .as('customer:admin')
      .post('/api/reports/schedules', input({ recipients: ['a@acme.example', 'A@acme.example'] }));
    expect(twice.status).toBe(400);
    expect(twice.error().fields).toEqual({ 'recipients.1': 'This address is listed twice' });
  });

  it('changes: one transaction, one audit entry with before and after; a new frequency moves the next run', async () => {
    const res = await api
      .as('customer:admin')
      .put<TReportSchedule>(
        `/api/reports/schedules/${mine.id}`,
        input({ name: 'Monthly SMS', frequency: 'monthly', tab: 'sms', format: 'pdf' }),
      );
    expect(res.status).toBe(200);
    const changed = res.json();
    expect(changed).toMatchObject({
      id: mine.id,
      name: 'Monthly SMS',
      frequency: 'monthly',
      tab: 'sms',
      format: 'pdf',
      customerId: acme.id,
    });
    expect(new Date(changed.nextRunAt).getUTCDate()).toBe(1);
    const audit = await auditOf(mine.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'report_schedule.update' });
    expect(audit[0]?.before).toMatchObject({ name: 'Weekly overview', frequency: 'weekly' });
    expect(audit[0]?.after).toMatchObject({ name: 'Monthly SMS', frequency: 'monthly' });
    // staff may change a customer's schedule too
    const staff = await api
      .as('staff:billing')
      .put<TReportSchedule>(
        `/api/reports/schedules/${mine.id}`,
        input({ name: 'Monthly SMS', frequency: 'monthly', tab: 'sms', format: 'pdf', active: false, customerId: acme.id }),
      );
    expect(staff.status).toBe(200);
    expect(staff.json().active).toBe(false);
  });

  it('deletes: 200, gone from the list, one audit entry', async () => {
    const res = await api.as('customer:admin').delete(`/api/reports/schedules/${mine.id}`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const list = (await api.as('customer:admin').get<{ items: TReportSchedule[] }>('/api/reports/schedules')).json().items;
    expect(list.map((s) => s.id)).not.toContain(mine.id);
    const audit = await auditOf(mine.id);
    expect(audit[0]).toMatchObject({ action: 'report_schedule.delete', customerId: acme.id });
    const again = await api.as('customer:admin').delete(`/api/reports/schedules/${mine.id}`);
    expect(again.status).toBe(404);
  });
});

describe('a due schedule runs: a file, an email to each recipient with the link, the next run', () => {
  it('makes the report of the week before, mails the link that downloads it, and moves on to the next Monday', async () => {
    const made = (
      await api.as('customer:admin').post<TReportSchedule>('/api/reports/schedules', input({ name: 'Acme weekly voice', tab: 'voice' }))
    ).json();
    // due last Monday at 06:00 UTC (the run happens a little later)
    const due = new Date(made.nextRunAt);
    due.setUTCDate(due.getUTCDate() - 7);
    await db.update(reportSchedules).set({ nextRunAt: due }).where(eq(reportSchedules.id, made.id));
    const now = new Date(due.getTime() + 10 * 60_000);
    const period = scheduledPeriod('weekly', due);

    const { ran } = await runDueSchedules(ctx, now);
    expect(ran).toBeGreaterThanOrEqual(1);

    const [file] = await db.select().from(reportFiles).where(eq(reportFiles.scheduleId, made.id));
    expect(file).toMatchObject({
      state: 'Ready',
      format: 'csv',
      userId: null,
      customerId: acme.id,
      name: `report-voice-${period.startDate}-${period.endDate}.csv`,
    });
    expect(file?.expiresAt.getTime()).toBe(now.getTime() + 7 * 86_400_000);
    const text = (file?.content ?? Buffer.alloc(0)).toString('utf8');
    const rows = parse(text, { relax_column_count: true }) as string[][];
    expect(rows).toContainEqual(['Report', 'Voice Report']);
    expect(rows).toContainEqual(['Scope', acme.name]);
    expect(rows).toContainEqual(['Start Date', period.startDate]);
    expect(rows).toContainEqual(['End Date', period.endDate]);
    expect(rows).toContainEqual(['Time Zone', 'UTC']);
    expect(rows.map((r) => r[0])).toContain('Calls Completed');

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(like(emailOutbox.body, '%Acme weekly voice%'), like(emailOutbox.body, '%/api/reports/files/download/%')));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['finance@acme.example', 'ops@acme.example']);
    const link = /(https?:\/\/\S+\/api\/reports\/files\/download\/[\w-]+)/.exec(mails[0]?.body ?? '')?.[1] as string;
    expect(link.startsWith(`${app.config.publicUrl}/api/reports/files/download/`)).toBe(true);
    expect(mails[0]?.subject).toBe(`[${app.config.PORTAL_BRAND}] Acme weekly voice: Voice Report`);
    const download = await api.anonymous.get(link.slice(app.config.publicUrl.length));
    expect(download.status).toBe(200);
    expect(download.body).toBe(text);

    const [after] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, made.id));
    expect(after?.lastRunAt?.toISOString()).toBe(now.toISOString());
    expect(after?.lastError).toBeNull();
    expect(after?.nextRunAt.toISOString()).toBe(nextRunAfter('weekly', now).toISOString());
    expect(after?.nextRunAt.getTime()).toBe(due.getTime() + 7 * 86_400_000);

    // not due any more: the same hour's run does nothing for it
    await runDueSchedules(ctx, now);
    expect(await db.select({ id: reportFiles.id }).from(reportFiles).where(eq(reportFiles.scheduleId, made.id))).toHaveLength(1);
  });

  it('a staff schedule of every customer carries the analytics; the hourly job runs what is due', async () => {
    const made = (
      await api
        .as('staff:admin')
        .post<TReportSchedule>(
          '/api/reports/schedules',
          input({ name: 'Book revenue', tab: 'revenue', recipients: ['cfo@provider.example'] }),
        )
    ).json();
    await db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(reportSchedules.id, made.id));
    await reportSchedulesJob.handler(ctx, {}, { jobId: 'test', attempt: 1, lastAttempt: true });
    const [file] = await db.select().from(reportFiles).where(eq(reportFiles.scheduleId, made.id));
    const rows = parse((file?.content ?? Buffer.alloc(0)).toString('utf8'), { relax_column_count: true }) as string[][];
    expect(rows).toContainEqual(['Scope', 'All customers']);
    expect(rows).toContainEqual(['Detailed Report']);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'cfo@provider.example'));
    expect(mail?.body).toContain('/api/reports/files/download/');
  });
});
