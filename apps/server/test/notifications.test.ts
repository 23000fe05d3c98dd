import type { TInvoice } from '@portal/contract/billing';
import type { TNotificationList, TNotificationSettings } from '@portal/contract/notifications';
import { DEFAULT_NOTIFICATION_FLAGS, DEFAULT_NOTIFICATION_PREFERENCES } from '@portal/contract/settings';
import { and, eq, gte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, notifications, users } from '../src/db/schema/index.ts';
import { notifyUsers, sendWeeklyDigests } from '../src/domains/notifications/service.ts';
import { inTransaction, systemCtx } from '../src/lib/context.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme } = await apiTestWorld();
const acmeId = acme?.id as string;
const ctx = () => systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
const [admin] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, 'customer@example.com'));
const adminId = admin?.id as string;

const notify = (event: Parameters<typeof notifyUsers>[2]['event'], title: string) =>
  inTransaction(ctx(), (tx) => notifyUsers(tx, [adminId], { event, title, message: `${title} (test)`, link: null }));
const countTitled = async (title: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.title, title)))
  )[0]?.n;

describe('notification settings', () => {
  it('start from the spec defaults and are saved per user, each page its own part', async () => {
    const fresh = (await api.as('customer:user').get<TNotificationSettings>('/api/notifications/settings')).json();
    expect(fresh.flags).toEqual(DEFAULT_NOTIFICATION_FLAGS);
    expect(fresh.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(fresh.flags.serviceNewFeature).toBe(false);
    expect(fresh.preferences.emailMarketing).toBe(false);

    const saved = await api
      .as('customer:user')
      .put<TNotificationSettings>('/api/notifications/settings', { flags: { serviceNewFeature: true } });
    expect(saved.json().flags.serviceNewFeature).toBe(true);
    const prefs = await api
      .as('customer:user')
      .put<TNotificationSettings>('/api/notifications/settings', { preferences: { inAppBadge: false } });
    expect(prefs.json()).toMatchObject({ flags: { serviceNewFeature: true }, preferences: { inAppBadge: false } });
    // another user's settings are untouched
    expect((await api.as('customer:admin').get<TNotificationSettings>('/api/notifications/settings')).json().flags.serviceNewFeature).toBe(
      false,
    );
    expect((await api.as('customer:user').put('/api/notifications/settings', { flags: { serviceNewFeature: 'yes' } })).status).toBe(400);
    expect((await api.as('customer:user').put('/api/notifications/settings', { flags: { madeUp: true } })).status).toBe(400);
  });
});

describe('the event catalog', () => {
  it('a muted event is not shown; a security event always is', async () => {
    await api.as('customer:admin').put('/api/notifications/settings', {
      flags: { billingInvoiceGenerated: false, securityApiKeyGenerated: false, commsEmail: false },
    });
    await notify('invoiceGenerated', 'Muted invoice');
    await notify('apiKeyGenerated', 'Unmutable key');
    await notify('paymentFailed', 'Wanted payment failure');
    expect(await countTitled('Muted invoice')).toBe(0);
    expect(await countTitled('Unmutable key')).toBe(1);
    expect(await countTitled('Wanted payment failure')).toBe(1);
    const [row] = await db.select().from(notifications).where(eq(notifications.title, 'Wanted payment failure'));
    expect(row?.type).toBe('Billing');
  });

  it('emails follow commsEmail and the event’s email preference', async () => {
    await api.as('customer:admin').put('/api/notifications/settings', {
      flags: { commsEmail: true, billingPaymentReceived: true },
      preferences: { emailBilling: false, emailSecurity: true },
    });
    const since = new Date();
    await notify('paymentReceived', 'No billing email');
    await notify('passwordChanged', 'Security email');
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, admin?.email as string), gte(emailOutbox.createdAt, since)));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Security email')]);
  });

  it('a real event notifies: finalizing an invoice tells the company’s Admins', async () => {
    await api.as('customer:admin').put('/api/notifications/settings', { flags: { billingInvoiceGenerated: true } });
    const draft = await api
      .as('staff:billing')
      .post<TInvoice>('/api/invoices', { customerId: acmeId, periodStart: '2019-06-01', periodEnd: '2019-06-30' });
    expect(draft.status, draft.body).toBe(201);
    await api.as('staff:billing').post(`/api/invoices/${draft.json().id}/adjustments`, { description: 'Setup', amount: 25 });
    const final = (await api.as('staff:billing').post<TInvoice>(`/api/invoices/${draft.json().id}/finalize`)).json();
    const list = (await api.as('customer:admin').get<TNotificationList>('/api/notifications', { query: { limit: 5 } })).json();
    expect(list.items[0]).toMatchObject({ type: 'Billing', title: 'New invoice', link: `/customer/billing/invoices?invoice=${final.id}` });
    expect(list.items[0]?.message).toContain(final.number as string);
  });
});

describe('the center', () => {
  it('Clear All deletes the caller’s notifications only', async () => {
    const before = (await api.as('customer:user').get<TNotificationList>('/api/notifications')).json();
    expect((await api.as('customer:admin').delete('/api/notifications')).status).toBe(200);
    expect((await api.as('customer:admin').get<TNotificationList>('/api/notifications')).json()).toEqual({ items: [], unreadCount: 0 });
    expect((await api.as('customer:user').get<TNotificationList>('/api/notifications')).json().items.length).toBe(before.items.length);
  });

  it('the weekly digest emails a summary to those who keep it on', async () => {
    await notify('paymentFailed', 'Digest item');
    const since = new Date();
    const sent = await sendWeeklyDigests(ctx());
    expect(sent).toBeGreaterThan(0);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, admin?.email as string), gte(emailOutbox.createdAt, since)));
    expect(mail?.body).toContain('Digest item');
    await api.as('customer:admin').put('/api/notifications/settings', { flags: { commsWeeklyDigest: false } });
    const after = new Date();
    await sendWeeklyDigests(ctx());
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, admin?.email as string), gte(emailOutbox.createdAt, after))),
    ).toEqual([]);
  });
});

describe('live', () => {
  it('the stream pushes the unread count when another session causes a notification', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = (await api.as('customer:admin').cookie()) as string;
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // the hijacked stream carries the security headers too (set on the raw response)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextUnread = async (): Promise<number> => {
      for (;;) {
        const m = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffer);
        if (m) {
          buffer = buffer.slice((m.index ?? 0) + m[0].length);
          return (JSON.parse(m[1] as string) as { unread: number }).unread;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextUnread();
    // staff act: a notification for the customer's admin, committed by another session's request
    await notify('paymentFailed', 'Live one');
    expect(await nextUnread()).toBe(first + 1);
    await api.as('customer:admin').post('/api/notifications/read-all');
    expect(await nextUnread()).toBe(0);
    controller.abort();
    expect((await api.anonymous.get('/api/notifications/stream')).status).toBe(401);
    // without Accept: text/event-stream, the current count once
    const once = await api.as('customer:admin').get('/api/notifications/stream');
    expect(once.body).toBe('event: unread\ndata: {"unread":0}\n\n');
  });
});
