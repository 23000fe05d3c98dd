import type { TReport } from '@portal/contract/reports';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';
import { bytes, reportExportsWorld, sheetRows, workbook } from './report-exports-world.ts';

/** A tab's export (CSV, Excel, PDF): exactly the figures of the report the screen shows, read back from the files. */

const { app, api, acme, globex } = await reportExportsWorld();

/** The CSV's tables: a title row, a header row and the rows, blank lines between tables. */
function csvTables(text: string): Map<string, { header: string[]; rows: string[][] }> {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  const tables = new Map<string, { header: string[]; rows: string[][] }>();
  let current: { header: string[]; rows: string[][] } | null = null;
  let expectTitle = true;
  for (const r of records) {
    if (r.length === 0 || (r.length === 1 && r[0] === '')) {
      expectTitle = true;
      continue;
    }
    if (expectTitle) {
      current = { header: [], rows: [] };
      tables.set(r[0] as string, current);
      expectTitle = false;
      continue;
    }
    if (!current) continue;
    if (current.header.length === 0) current.header = r;
    else current.rows.push(r);
  }
  return tables;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const ago = (n: number) => day(new Date(Date.now() - n * 86_400_000));
// A custom period of the seeded usage: the last 60 days up to yesterday.
const PERIOD = { period: 'custom', startDate: ago(60), endDate: ago(1) } as const;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

describe('GET /api/reports/export: exactly the figures on screen', () => {
  let report: TReport;
  beforeAll(async () => {
    const res = await api.as('customer:admin').get<TReport>('/api/reports', { query: PERIOD });
    expect(res.status).toBe(200);
    report = res.json();
    // the period must hold usage, or the comparisons below prove little
    expect(report.overview.totalSpend.value).toBeGreaterThan(0);
    expect(report.overview.usageDetail.length).toBeGreaterThan(3);
  });

  it('CSV: the particulars, the tiles with previous and change, the series, the breakdown and the usage detail, raw', async () => {
    const res = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', tab: 'overview' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-overview-${PERIOD.startDate}-${PERIOD.endDate}.csv"`);
    const tables = csvTables(res.body);
    expect([...tables.keys()]).toEqual(['Report', 'Figures', 'Usage Trends', 'Service Breakdown', 'Usage Detail']);
    const info = Object.fromEntries((tables.get('Report')?.rows ?? []).map(([k, v]) => [k, v]));
    expect(info).toMatchObject({
      Report: 'Overview Report',
      Scope: acme.name,
      Period: 'Custom Range',
      'Start Date': PERIOD.startDate,
      'End Date': PERIOD.endDate,
      Service: 'All services',
    });
    const o = report.overview;
    const figures = tables.get('Figures');
    expect(figures?.header).toEqual(['Figure', 'Value', 'Previous', 'Change']);
    const fig = (t: { value: number; previous: number; change: number | null }) => [
      String(t.value),
      String(t.previous),
      t.change === null ? '' : String(t.change),
    ];
    expect(figures?.rows).toEqual([
      ['Total Spend', ...fig(o.totalSpend)],
      ['SMS Delivery Rate', ...fig(o.smsDeliveryRate)],
      ['Voice ASR', ...fig(o.voiceAsr)],
      ['Average Latency', ...fig(o.averageLatency)],
    ]);
    const trends = tables.get('Usage Trends');
    expect(trends?.header).toEqual(['Date', 'SMS', 'Voice', 'Numbers']);
    expect(trends?.rows).toEqual(report.series.map((p) => [p.date, String(p.smsCost), String(p.voiceCost), String(p.numbersCost)]));
    expect(tables.get('Service Breakdown')?.rows).toEqual(o.breakdown.map((b) => [b.service, String(b.cost), String(b.percent)]));
    expect(tables.get('Usage Detail')?.header).toEqual(['Service Type', 'Volume', 'Cost', 'Status', 'Date']);
    expect(tables.get('Usage Detail')?.rows).toEqual(
      o.usageDetail.map((r) => [r.service, String(r.volume), String(r.cost), r.status, r.date]),
    );
  });

  it('CSV of the SMS tab: its tiles and the Message Activity series', async () => {
    const res = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', tab: 'sms' } });
    expect(res.status).toBe(200);
    const tables = csvTables(res.body);
    const title = `Message Activity - ${us(PERIOD.startDate)} - ${us(PERIOD.endDate)}`;
    expect([...tables.keys()]).toEqual(['Report', 'Figures', title]);
    const rows = new Map((tables.get('Figures')?.rows ?? []).map((r) => [r[0], r.slice(1)]));
    expect(rows.get('Messages Sent')).toEqual([
      String(report.sms.messagesSent.value),
      String(report.sms.messagesSent.previous),
      String(report.sms.messagesSent.change ?? ''),
    ]);
    expect(rows.get('Delivered')).toEqual([String(report.sms.delivered), '', '']);
    expect(rows.get('Conversion Rate')).toEqual([String(report.sms.conversionRate), '', '']);
    expect(tables.get(title)?.rows).toEqual(report.series.map((p) => [p.date, String(p.smsDelivered), String(p.smsFailed)]));
  });

  it('Excel: one sheet per table, a bold frozen header, numbers as numbers, money, percents and dates formatted', async () => {
    const res = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'xlsx', tab: 'overview' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-overview-${PERIOD.startDate}-${PERIOD.endDate}.xlsx"`);
    const wb = await workbook(bytes(res));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Report', 'Figures', 'Usage Trends', 'Service Breakdown', 'Usage Detail']);

    const figures = wb.getWorksheet('Figures') as ExcelJS.Worksheet;
    expect(figures.getCell('A1').font?.bold).toBe(true);
    expect(figures.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const spend = figures.getRow(2);
    expect(spend.getCell(1).value).toBe('Total Spend');
    expect(spend.getCell(2).value).toBe(report.overview.totalSpend.value);
    expect(spend.getCell(2).numFmt).toBe('"$"#,##0.00');
    expect(spend.getCell(3).value).toBe(report.overview.totalSpend.previous);
    const delivery = figures.getRow(3);
    expect(delivery.getCell(2).value).toBeCloseTo(report.overview.smsDeliveryRate.value / 100, 10);
    expect(delivery.getCell(2).numFmt).toBe('0.0%');
    expect(delivery.getCell(2).type).toBe(ExcelJS.ValueType.Number);

    const trends = wb.getWorksheet('Usage Trends') as ExcelJS.Worksheet;
    const rows = sheetRows(trends);
    expect(rows[0]).toEqual(['Date', 'SMS', 'Voice', 'Numbers']);
    expect(rows).toHaveLength(report.series.length + 1);
    const first = report.series[0] as TReport['series'][number];
    expect(trends.getCell('A2').value).toEqual(new Date(`${first.date}T00:00:00.000Z`));
    expect(trends.getCell('A2').numFmt).toBe('yyyy-mm-dd');
    // an empty money cell is a 0, not text
    expect(trends.getCell('B2').value).toBe(first.smsCost);
    expect(trends.getCell('C2').numFmt).toBe('"$"#,##0.00');

    const detail = sheetRows(wb.getWorksheet('Usage Detail') as ExcelJS.Worksheet);
    expect(detail.slice(1).map((r) => [r[0], r[1], r[2], r[3], (r[4] as Date).toISOString().slice(0, 10)])).toEqual(
      report.overview.usageDetail.map((r) => [r.service, r.volume, r.cost, r.status, r.date]),
    );
  });

  it('PDF: brand, title, scope, period and its days; tables with the header repeated on each page; the chart; Page N of M', async () => {
    const res = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'pdf', tab: 'overview' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-overview-${PERIOD.startDate}-${PERIOD.endDate}.pdf"`);
    const { pages, title } = await pdfText(bytes(res));
    expect(title).toBe('Overview Report');
    const first = pages[0] as string;
    expect(first).toContain(app.config.PORTAL_BRAND);
    expect(first).toContain('Overview Report');
    expect(first).toContain(`Scope: ${acme.name}`);
    expect(first).toContain(`Period: Custom Range (${us(PERIOD.startDate)} - ${us(PERIOD.endDate)})`);
    expect(first).toContain('Total Spend');
    expect(first).toContain(money(report.overview.totalSpend.value));
    expect(first).toContain('Usage Trends (chart)');
    pages.forEach((p, i) => {
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // the usage detail (60 days × services) runs over pages: each continuation repeats its header
    expect(pages.length).toBeGreaterThan(1);
    const continued = pages.filter((p) => p.includes('Usage Detail (continued)'));
    expect(continued.length).toBeGreaterThan(0);
    for (const p of continued) expect(p).toMatch(/Service Type Volume Cost Status Date/);
    const all = pages.join('\n');
    const last = report.overview.usageDetail.at(-1) as TReport['overview']['usageDetail'][number];
    expect(all).toContain(`${last.service} ${last.volume.toLocaleString('en-US')} ${money(last.cost)} ${last.status} ${us(last.date)}`);
  });

  it('staff tabs: the analytics tables (the detailed report) for staff; a customer is refused them', async () => {
    const staff = (await api.as('staff:admin').get<TReport>('/api/reports', { query: PERIOD })).json();
    expect(staff.analytics).not.toBeNull();
    const res = await api.as('staff:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', tab: 'revenue' } });
    expect(res.status).toBe(200);
    const tables = csvTables(res.body);
    expect([...tables.keys()]).toEqual(['Report', 'Figures', 'Revenue by Service', 'Revenue Growth', 'Detailed Report']);
    expect(tables.get('Figures')?.rows[0]?.[0]).toBe('Total Revenue');
    expect(tables.get('Detailed Report')?.rows).toEqual(
      staff.analytics?.detail.map((r) => [
        r.customer,
        r.service,
        String(r.volume),
        String(r.revenue),
        r.asr === null ? '' : String(r.asr),
        r.date,
      ]),
    );
    const perf = csvTables(
      (await api.as('staff:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', tab: 'performance' } })).body,
    );
    expect(perf.get('System Health')?.rows).toEqual(staff.analytics?.systemHealth.map((s) => [s.serviceName, s.status, String(s.uptime)]));

    const refused = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', tab: 'revenue' } });
    expect(refused.status).toBe(400);
    expect(refused.error().fields).toHaveProperty('tab');
  });

  it('a customer naming another company gets their own figures; staff get the named one', async () => {
    const mine = await api.as('customer:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', customerId: globex.id } });
    expect(csvTables(mine.body).get('Report')?.rows).toContainEqual(['Scope', acme.name]);
    const theirs = await api.as('staff:admin').get('/api/reports/export', { query: { ...PERIOD, format: 'csv', customerId: globex.id } });
    expect(csvTables(theirs.body).get('Report')?.rows).toContainEqual(['Scope', globex.name]);
  });

  it('bad input: 400 with the fields, before any byte of a file', async () => {
    const ask = (query: Record<string, string>) => api.as('customer:admin').get('/api/reports/export', { query });
    const noDates = await ask({ period: 'custom', format: 'csv' });
    expect(noDates.status).toBe(400);
    expect(noDates.error().fields).toMatchObject({ startDate: 'Start date is required', endDate: 'End date is required' });
    const reversed = await ask({ period: 'custom', startDate: '2026-02-10', endDate: '2026-02-01', format: 'pdf' });
    expect(reversed.status).toBe(400);
    expect(reversed.error().fields).toMatchObject({ endDate: 'The end date must not be before the start date' });
    const format = await ask({ period: '30days', format: 'docx' });
    expect(format.status).toBe(400);
    expect(format.error().fields).toHaveProperty('format');
    const tab = await ask({ period: '30days', format: 'csv', tab: 'everything' });
    expect(tab.status).toBe(400);
    expect(tab.error().fields).toHaveProperty('tab');
    expect(noDates.headers['content-type']).toMatch(/application\/json/);
  });
});
