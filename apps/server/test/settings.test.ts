import type { TSystemSettingsView, TTestEmailResult } from '@portal/contract/settings';
import { and, desc, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../src/db/schema/index.ts';
import { apiTestWorld } from './world.ts';

const { api, db } = await apiTestWorld();

describe('system settings', () => {
  it('staff read them without the SMTP password; only a staff Admin saves them, within their bounds', async () => {
    const read = await api.as('staff:support').get<TSystemSettingsView>('/api/settings');
    expect(read.status).toBe(200);
    expect(read.json()).not.toHaveProperty('smtpPassword');
    expect(read.json()).toMatchObject({ passwordMinLength: expect.any(Number), smtpPasswordSet: false });
    expect((await api.as('customer:admin').get('/api/settings')).status).toBe(403);
    expect((await api.as('staff:billing').put('/api/settings', { sessionTimeout: 60 })).status).toBe(403);

    const bad = await api
      .as('staff:admin')
      .put('/api/settings', { passwordMinLength: 7, sessionTimeout: 2000, apiRateLimitPerDay: 10, defaultPaymentTerms: 91 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error().fields ?? {}).sort()).toEqual([
      'apiRateLimitPerDay',
      'defaultPaymentTerms',
      'passwordMinLength',
      'sessionTimeout',
    ]);
    expect((await api.as('staff:admin').put('/api/settings', { notASetting: 1 })).status).toBe(400);

    const saved = await api
      .as('staff:admin')
      .put<TSystemSettingsView>('/api/settings', { sessionTimeout: 45, smtpPassword: 's3cret', invoicePrefix: 'BILL' });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sessionTimeout: 45, smtpPasswordSet: true, invoicePrefix: 'BILL' });
    expect(saved.body).not.toContain('s3cret');
    // an empty password keeps the stored one
    expect((await api.as('staff:admin').put<TSystemSettingsView>('/api/settings', { smtpPassword: '' })).json().smtpPasswordSet).toBe(true);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.summary).toContain('sessionTimeout');
    expect(JSON.stringify(audit?.after)).not.toContain('s3cret');
    await api.as('staff:admin').put('/api/settings', { invoicePrefix: 'INV', sessionTimeout: 30 });
  });

  it('Send test email goes to the outbox when no SMTP server is configured', async () => {
    const since = new Date();
    const res = await api.as('staff:admin').post<TTestEmailResult>('/api/settings/test-email', { to: 'ops@example.com' });
    expect(res.json()).toMatchObject({ outcome: 'kept' });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'ops@example.com'), gte(emailOutbox.createdAt, since)));
    expect(mail?.subject).toContain('Test email');
  });

  it('an unreachable SMTP server is reported with its error', async () => {
    await api.as('staff:admin').put('/api/settings', { smtpServer: '127.0.0.1', smtpPort: 9 });
    const res = await api.as('staff:admin').post('/api/settings/test-email', { to: 'ops@example.com' });
    expect(res.status).toBe(422);
    expect(res.error().code).toBe('SMTP_FAILED');
    await api.as('staff:admin').put('/api/settings', { smtpServer: '' });
  });

  it('maintenance mode signs customers out with the message, closes the public API, and lets staff work', async () => {
    const customer = api.fresh('customer:admin');
    expect((await customer.get('/api/auth/session')).status).toBe(200);
    await api.as('staff:admin').put('/api/settings', { maintenanceMode: true, maintenanceMessage: 'Back at noon.' });
    const out = await customer.get('/api/numbers');
    expect(out.status).toBe(503);
    expect(out.error()).toMatchObject({ code: 'MAINTENANCE', message: 'Back at noon.' });
    const v1 = await api.anonymous.get('/v1/numbers', { headers: { authorization: 'Bearer pk_test_nothing' } });
    expect(v1.status).toBe(503);
    expect(v1.raw.headers['retry-after']).toBe('300');
    expect((await api.as('staff:admin').get('/api/admin/customers')).status).toBe(200);
    await api.as('staff:admin').put('/api/settings', { maintenanceMode: false });
    expect((await api.anonymous.get('/v1/numbers', { headers: { authorization: 'Bearer pk_test_nothing' } })).status).toBe(401);
  });
});

describe('the audit trail', () => {
  it('lists every change newest first, filtered and paged by cursor; exports it; staff Admins only', async () => {
    await api.as('staff:admin').put('/api/settings', { companyName: 'Audit Probe Co' });
    const page = await api
      .as('staff:admin')
      .get<{ items: { summary: string; action: string }[]; nextCursor: string | null }>('/api/audit', {
        query: { search: 'companyName', limit: 20 },
      });
    expect(page.status, page.body).toBe(200);
    expect(page.json().items[0]).toMatchObject({ action: 'settings.update' });
    const first = await api.as('staff:admin').get<{ items: { id: number }[]; nextCursor: string }>('/api/audit', { query: { limit: 20 } });
    const second = await api
      .as('staff:admin')
      .get<{ items: { id: number }[] }>('/api/audit', { query: { limit: 20, cursor: first.json().nextCursor } });
    expect(second.json().items.length).toBe(20);
    expect(new Set([...first.json().items, ...second.json().items].map((r) => r.id)).size).toBe(40);
    const csv = await api.as('staff:admin').get('/api/audit/export', { query: { entityType: 'settings' } });
    expect(csv.body.split('\r\n')[0]).toBe('Time,Actor,Action,Record type,Record,Summary,IP');
    expect(csv.body).toContain('companyName');
    expect((await api.as('staff:support').get('/api/audit')).status).toBe(403);
    expect((await api.as('staff:admin').get('/api/audit', { query: { from: '2026-02-01', to: '2026-01-01' } })).status).toBe(400);
    await api.as('staff:admin').put('/api/settings', { companyName: '382 Communications' });
  });
});
