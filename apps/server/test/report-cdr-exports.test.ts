import type { TReportExportQueued, TReportFile } from '@portal/contract/reports';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdrs, notifications, reportFiles, usageDaily, users } from '../src/db/schema/index.ts';
import { exportLimits, LARGE_EXPORT_ROWS } from '../src/domains/reports/export.ts';
import { LINK_EXPIRED } from '../src/domains/reports/files.ts';
import { cdrExportJob, purgeReportFilesJob } from '../src/domains/reports/jobs.ts';
import { pagesFor } from '../src/domains/reports/pdf.ts';
import { pdfText } from './pdf-text.ts';
import { bytes, reportExportsWorld, sheetRows, workbook } from './report-exports-world.ts';

/**
 * The CDR tab's export: the calls between two days in the caller's time zone (CSV, Excel, PDF),
 * and a large one as a job that ends with a notification and a link that expires.
 */

const { api, db, ctx, acme, globex } = await reportExportsWorld();

// Days with no seeded calls: the hand-made set below is all there is.
const CDR_DAYS = { startDate: '2021-06-01', endDate: '2021-06-03' };
const userZone = async (email: string) => (await db.select({ tz: users.timezone }).from(users).where(eq(users.email, email)))[0]?.tz;

interface HandCdr {
  customerId: string;
  accountId: string;
  callId: string;
  fromNumber: string;
  toNumber: string;
  startedAt: Date;
  durationSeconds: number;
  status: 'Completed' | 'Failed' | 'Busy' | 'No Answer';
  direction: 'Inbound' | 'Outbound';
  cost: number;
}

describe('GET /api/reports/cdrs/export: the calls between two days in the caller time zone', () => {
  // Acme's admin is in New York (UTC-4 in June): the days run 04:00Z to 04:00Z.
  const mine: HandCdr[] = [];
  const theirs: HandCdr[] = [];
  beforeAll(async () => {
    expect(await userZone('customer@example.com')).toBe('America/New_York');
    const [{ n } = { n: -1 }] = (
      (await db.execute(
        sql`SELECT count(*)::int AS n FROM cdrs WHERE started_at >= '2021-05-30' AND started_at < '2021-06-06'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);
    const call = (t: typeof acme, i: number, at: string, over: Partial<HandCdr> = {}): HandCdr => ({
      customerId: t.id,
      accountId: t.account,
      callId: `report-export-${t === acme ? 'a' : 'g'}-${i}`,
      fromNumber: '+12125550100',
      toNumber: `+1312555010${i}`,
      startedAt: new Date(at),
      durationSeconds: 60 * i + 5,
      status: 'Completed',
      direction: 'Outbound',
      cost: 0.0125 * i,
      ...over,
    });
    mine.push(
      call(acme, 1, '2021-06-01T03:59:59Z'), // 05/31 23:59:59 in New York: outside
      call(acme, 2, '2021-06-01T04:00:00Z'), // 06/01 00:00:00: the first
      call(acme, 3, '2021-06-02T15:30:00Z', { status: 'Failed', durationSeconds: 0, cost: 0 }),
      call(acme, 4, '2021-06-03T12:00:00Z', { direction: 'Inbound', fromNumber: '+442071234567', durationSeconds: 3725 }),
      call(acme, 5, '2021-06-04T03:59:59Z'), // 06/03 23:59:59: the last
      call(acme, 6, '2021-06-04T04:00:00Z'), // 06/04: outside
    );
    theirs.push(call(globex, 7, '2021-06-02T10:00:00Z', { fromNumber: '+13125550777' }));
    await db.insert(cdrs).values([...mine, ...theirs]);
  });

  const ask = (caller: 'customer:admin' | 'customer:user' | 'staff:admin' | 'other:customer:admin', query: Record<string, string>) =>
    api.as(caller).get('/api/reports/cdrs/export', { query: { ...CDR_DAYS, ...query } });

  it('CSV: Call Date/Time (local), Source Number, Destination Number, Duration, Status, Cost; newest first', async () => {
    const res = await ask('customer:admin', { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-cdrs-2021-06-01-2021-06-03.csv"');
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(['Call Date/Time', 'Source Number', 'Destination Number', 'Duration', 'Status', 'Cost']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], Number(r[5])])).toEqual([
      ['2021-06-03 23:59:59', '+12125550100', '+13125550105', '00:05:05', 'Completed', 0.0625],
      ['2021-06-03 08:00:00', '+442071234567', '+13125550104', '01:02:05', 'Completed', 0.05],
      ['2021-06-02 11:30:00', '+12125550100', '+13125550103', '00:00:00', 'Failed', 0],
      ['2021-06-01 00:00:00', '+12125550100', '+13125550102', '00:02:05', 'Completed', 0.025],
    ]);
  });

  it('Excel: one sheet of typed cells (date-times, durations, costs)', async () => {
    const res = await ask('customer:admin', { format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-cdrs-2021-06-01-2021-06-03.xlsx"');
    const wb = await workbook(bytes(res));
    const ws = wb.getWorksheet('CDRs') as ExcelJS.Worksheet;
    const rows = sheetRows(ws);
    expect(rows[0]).toEqual(['Call Date/Time', 'Source Number', 'Destination Number', 'Duration', 'Status', 'Cost']);
    expect(rows).toHaveLength(5);
    expect(ws.getCell('A3').value).toEqual(new Date('2021-06-03T08:00:00.000Z'));
    expect(ws.getCell('A3').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ws.getCell('B3').value).toBe('+442071234567');
    // a duration is a fraction of a day (Excel's time), which the reader shows as a time of 1899-12-30
    expect(ws.getCell('D3').value).toEqual(new Date(Date.UTC(1899, 11, 30, 1, 2, 5)));
    expect(ws.getCell('D3').numFmt).toBe('[h]:mm:ss');
    expect(ws.getCell('F3').value).toBe(0.05);
    expect(ws.getCell('F3').numFmt).toBe('"$"#,##0.0000');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('PDF: the heading and the rows', async () => {
    const res = await ask('customer:admin', { format: 'pdf' });
    expect(res.status).toBe(200);
    const { pages } = await pdfText(bytes(res));
    expect(pages).toHaveLength(1);
    const text = pages[0] as string;
    expect(text).toContain('CDR Export');
    expect(text).toContain(`Scope: ${acme.name}`);
    expect(text).toContain('Period: 06/01/2021 - 06/03/2021');
    expect(text).toContain('Time zone: America/New_York');
    expect(text).toContain('Calls: 4');
    expect(text).toContain('Call Date/Time Source Number Destination Number Duration Status Cost');
    expect(text).toContain('06/03/2021 08:00:00 +442071234567 +13125550104 01:02:05 Completed $0.0500');
    expect(text).toContain('Page 1 of 1');
  });

  it("scope: a customer gets only their company's calls whatever they name; staff get the named customer's", async () => {
    const named = await ask('customer:admin', { format: 'csv', customerId: globex.id });
    expect(named.status).toBe(200);
    expect(named.body).not.toContain('+13125550777');
    expect((parse(named.body) as string[][]).length).toBe(5);
    const account = await ask('customer:admin', { format: 'csv', accountId: globex.account });
    expect(account.status).toBe(404);
    expect(account.error().code).toBe('NOT_FOUND');
    const other = await ask('other:customer:admin', { format: 'csv' });
    expect(other.body).toContain('+13125550777');
    expect(other.body).not.toContain('+13125550102');
    const staff = await ask('staff:admin', { format: 'csv', customerId: globex.id });
    expect(staff.body).toContain('+13125550777');
    expect(staff.body).not.toContain('+13125550102');
  });

  it('bad input: both days needed, in order, a known format', async () => {
    const missing = await api.as('customer:admin').get('/api/reports/cdrs/export', { query: { startDate: '2021-06-01' } });
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toHaveProperty('endDate');
    const reversed = await ask('customer:admin', { startDate: '2021-06-03', endDate: '2021-06-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.error().fields).toMatchObject({ endDate: 'The end date must not be before the start date' });
    const format = await ask('customer:admin', { format: 'html' });
    expect(format.status).toBe(400);
    expect(format.error().fields).toHaveProperty('format');
  });

  it('PDF over several pages: the header on each, Page N of M counted before the first page is sent', async () => {
    const many: HandCdr[] = Array.from({ length: 130 }, (_, i) => ({
      customerId: acme.id,
      accountId: acme.account,
      callId: `report-export-many-${i}`,
      fromNumber: '+12125550199',
      toNumber: `+1312555${String(1000 + i)}`,
      startedAt: new Date(Date.UTC(2021, 6, 10, 12, 0, i)),
      durationSeconds: i,
      status: 'Completed',
      direction: 'Outbound',
      cost: 0.001 * i,
    }));
    await db.insert(cdrs).values(many);
    const res = await ask('customer:admin', { startDate: '2021-07-10', endDate: '2021-07-10', format: 'pdf' });
    expect(res.status).toBe(200);
    const { pages } = await pdfText(bytes(res));
    expect(pages.length).toBe(pagesFor(130));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((p, i) => {
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(p).toContain('Call Date/Time Source Number Destination Number Duration Status Cost');
      if (i > 0) expect(p).toContain('Call Detail Records (continued)');
    });
    const all = pages.join('\n');
    // newest first: the last call of the day leads, the first ends the file
    expect(all.indexOf('+13125551129')).toBeLessThan(all.indexOf('+13125551000'));
    expect((all.match(/07\/10\/2021 08:0\d:\d\d/g) ?? []).length).toBe(130);
  });

  describe('a large export: a job, a notification and a link that expires', () => {
    let queued: TReportFile;
    beforeAll(async () => {
      expect(exportLimits.largeRows).toBe(LARGE_EXPORT_ROWS);
      // The rollups say how many calls the range holds: 4 here, over a threshold lowered to 3.
      exportLimits.largeRows = 3;
      await db.insert(usageDaily).values([
        { day: '2021-06-01', customerId: acme.id, accountId: acme.account, service: 'Voice', volume: 2, succeeded: 2 },
        { day: '2021-06-03', customerId: acme.id, accountId: acme.account, service: 'Voice', volume: 2, succeeded: 2 },
      ]);
    });
    afterAll(() => {
      exportLimits.largeRows = LARGE_EXPORT_ROWS;
    });

    it('answers 202 with the Pending file, and queues its job', async () => {
      const res = await ask('customer:admin', { format: 'csv' });
      expect(res.status).toBe(202);
      const answer = res.json<TReportExportQueued>();
      expect(answer.queued).toBe(true);
      queued = answer.file;
      expect(queued).toMatchObject({
        name: 'report-cdrs-2021-06-01-2021-06-03.csv',
        format: 'csv',
        state: 'Pending',
        url: null,
        bytes: null,
      });
      const days = (Date.parse(queued.expiresAt) - Date.parse(queued.createdAt)) / 86_400_000;
      expect(days).toBe(7);
      const jobs = (
        (await db.execute(
          sql`SELECT data FROM pgboss.job WHERE name = 'reports.cdr-export' AND data->>'fileId' = ${queued.id}`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows;
      expect(jobs).toHaveLength(1);
      const list = (await api.as('customer:admin').get<{ items: TReportFile[] }>('/api/reports/files')).json();
      expect(list.items[0]).toMatchObject({ id: queued.id, state: 'Pending' });
    });

    it('the job writes the file, notifies the user, and the link downloads it (anyone holding it)', async () => {
      await cdrExportJob.handler(ctx, { fileId: queued.id }, { jobId: 'test', attempt: 1, lastAttempt: false });
      const file = (await api.as('customer:admin').get<TReportFile>(`/api/reports/files/${queued.id}`)).json();
      expect(file).toMatchObject({ state: 'Ready', rows: 4, error: null });
      expect(file.url).toMatch(/^\/api\/reports\/files\/download\/[\w-]{43}$/);
      // the same link every time it is listed
      const listed = (await api.as('customer:admin').get<{ items: TReportFile[] }>('/api/reports/files'))
        .json()
        .items.find((f) => f.id === queued.id);
      expect(listed?.url).toBe(file.url);

      const download = await api.anonymous.get(file.url as string);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toBe('attachment; filename="report-cdrs-2021-06-01-2021-06-03.csv"');
      expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(bytes(download).length).toBe(file.bytes);
      const rows = parse(download.body) as string[][];
      expect(rows.map((r) => r[0])).toEqual([
        'Call Date/Time',
        '2021-06-03 23:59:59',
        '2021-06-03 08:00:00',
        '2021-06-02 11:30:00',
        '2021-06-01 00:00:00',
      ]);

      const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@example.com'));
      const notes = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, me?.id as string), eq(notifications.title, 'Your export is ready')));
      expect(notes).toHaveLength(1);
      expect(notes[0]?.link).toBe('/customer/reports?tab=cdr');
      expect(notes[0]?.message).toContain('report-cdrs-2021-06-01-2021-06-03.csv (4 calls)');
    });

    it("files are their owner's: another user, or another company, gets a 404 and never sees it listed", async () => {
      for (const caller of ['customer:user', 'other:customer:admin', 'staff:admin'] as const) {
        const res = await api.as(caller).get(`/api/reports/files/${queued.id}`);
        expect(res.status, caller).toBe(404);
        expect(res.error().code).toBe('NOT_FOUND');
        const list = (await api.as(caller).get<{ items: TReportFile[] }>('/api/reports/files')).json();
        expect(list.items.map((f) => f.id)).not.toContain(queued.id);
      }
    });

    it('an unknown token is a 404; an expired link a 410 in the API error shape; the purge drops the content', async () => {
      const unknown = await api.anonymous.get('/api/reports/files/download/not-a-real-token-not-a-real-token-xx');
      expect(unknown.status).toBe(404);
      expect(unknown.error().code).toBe('NOT_FOUND');
      const file = (await api.as('customer:admin').get<TReportFile>(`/api/reports/files/${queued.id}`)).json();
      await db
        .update(reportFiles)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(reportFiles.id, queued.id));
      const expired = await api.anonymous.get(file.url as string);
      expect(expired.status).toBe(410);
      expect(expired.json()).toEqual({ error: { code: 'NOT_FOUND', message: LINK_EXPIRED } });
      const after = (await api.as('customer:admin').get<TReportFile>(`/api/reports/files/${queued.id}`)).json();
      expect(after.url).toBeNull();

      await purgeReportFilesJob.handler(ctx, {}, { jobId: 'test', attempt: 1, lastAttempt: true });
      const [row] = await db.select({ content: reportFiles.content }).from(reportFiles).where(eq(reportFiles.id, queued.id));
      expect(row?.content).toBeNull();
    });

    it('a job that fails on its last attempt marks the file Failed and tells the owner', async () => {
      const res = await ask('customer:admin', { format: 'xlsx' });
      expect(res.status).toBe(202);
      const { file } = res.json<TReportExportQueued>();
      // the stored request names a zone the database does not know: the query fails
      await db
        .update(reportFiles)
        .set({ request: sql`jsonb_set(${reportFiles.request}, '{criteria,timeZone}', '"Nowhere/Atlantis"')` })
        .where(eq(reportFiles.id, file.id));
      await expect(cdrExportJob.handler(ctx, { fileId: file.id }, { jobId: 'test', attempt: 2, lastAttempt: true })).rejects.toThrow();
      const failed = (await api.as('customer:admin').get<TReportFile>(`/api/reports/files/${file.id}`)).json();
      expect(failed.state).toBe('Failed');
      expect(failed.error).toMatch(/time zone/i);
      expect(failed.url).toBeNull();
    });
  });
});
