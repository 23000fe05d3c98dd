import type { TPage } from '@portal/contract/common';
import type {
  TArticle,
  TArticleListItem,
  TIncident,
  TStatusPage,
  TStatusSubscription,
  TSupportContact,
  TTicket,
  TTicketListItem,
} from '@portal/contract/support';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, users } from '../src/db/schema/index.ts';
import { auditEntries } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { api, db, acme, globex } = await apiTestWorld();
const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]?.id as string;
const noticesOf = async (email: string, since: Date) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, await userId(email)), gt(notifications.createdAt, since)));

describe('support tickets', () => {
  let ticket: TTicket;

  it('a customer User opens a ticket: TKT-year-nnn, open, due by the priority target, staff told, audited', async () => {
    const since = new Date(Date.now() - 1000);
    const missing = await api.as('customer:user').post('/api/tickets', { subject: '', description: '' });
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toMatchObject({ subject: 'Subject is required', description: 'Description is required' });

    const res = await api.as('customer:user').post<TTicket>('/api/tickets', {
      subject: 'Calls to +1 212 drop after 30 seconds',
      description: 'Since this morning every outbound call to New York drops.',
      priority: 'High',
      category: 'Voice',
      // a customer's ticket is its own company's, whatever it says
      customerId: globex?.id,
    });
    expect(res.status, res.body).toBe(201);
    ticket = res.json();
    expect(ticket.ticketId).toMatch(new RegExp(`^TKT-${new Date().getUTCFullYear()}-\\d{3}$`));
    expect(ticket).toMatchObject({
      status: 'open',
      priority: 'High',
      customerId: acme?.id,
      createdBy: 'Emily Davis',
      firstResponseAt: null,
    });
    expect(new Date(ticket.firstResponseDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(4 * 3_600_000);
    expect((await noticesOf('support@example.com', since)).map((n) => n.title)).toContain('New support ticket');
    const [audit] = await auditEntries(db, 'tickets.create', ticket.id);
    expect(audit?.customerId).toBe(acme?.id);
  });

  it('keeps each company to its own tickets; staff filter by customer, status, priority and assignee', async () => {
    const own = (await api.as('customer:admin').get<TPage<TTicketListItem>>('/api/tickets', { query: { pageSize: 100 } })).json();
    expect(own.items.map((x) => x.id)).toContain(ticket.id);
    expect(own.items.every((x) => x.customerId === acme?.id)).toBe(true);
    const theirs = await api.as('other:customer:admin').get<TTicket>(`/api/tickets/${ticket.id}`);
    expect(theirs.status).toBe(404);
    expect((await api.as('other:customer:admin').post(`/api/tickets/${ticket.id}/comments`, { body: 'hello' })).status).toBe(404);

    const staff = (
      await api
        .as('staff:support')
        .get<TPage<TTicketListItem>>('/api/tickets', { query: { customerId: acme?.id, priority: 'High', status: 'open' } })
    ).json();
    expect(staff.items.map((x) => x.id)).toContain(ticket.id);
    expect(staff.items.every((x) => x.priority === 'High' && x.status === 'open' && x.customerId === acme?.id)).toBe(true);
    const unassigned = (
      await api.as('staff:admin').get<TPage<TTicketListItem>>('/api/tickets', { query: { assignedToId: 'unassigned', pageSize: 100 } })
    ).json();
    expect(unassigned.items.every((x) => x.assignedTo === null)).toBe(true);
    expect((await api.as('customer:admin').get('/api/tickets/assignees')).status).toBe(403);
  });

  it('staff assign it and reply; internal notes stay internal; the customer is told of public replies and status changes', async () => {
    const since = new Date(Date.now() - 1000);
    const support = await userId('support@example.com');
    const assigned = await api
      .as('staff:admin')
      .patch<TTicket>(`/api/tickets/${ticket.id}`, { assignedToId: support, status: 'in-progress' });
    expect(assigned.status, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'in-progress', assignedTo: { id: support, name: 'Jordan Lee' } });
    expect((await noticesOf('support@example.com', since)).map((n) => n.title)).toContain('Ticket assigned to you');
    expect(
      (await api.as('staff:admin').patch(`/api/tickets/${ticket.id}`, { assignedToId: await userId('customer@example.com') })).status,
    ).toBe(400);
    expect((await api.as('customer:admin').patch(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(403);

    await api.as('staff:support').post(`/api/tickets/${ticket.id}/comments`, { body: 'Carrier ticket 55123 opened.', internal: true });
    const noteNotices = await noticesOf('user@example.com', since);
    const reply = await api
      .as('staff:support')
      .post<TTicket>(`/api/tickets/${ticket.id}/comments`, { body: 'We rerouted New York traffic. Please try again.' });
    expect(reply.status).toBe(201);
    expect(reply.json().firstResponseAt).not.toBeNull();
    const after = await noticesOf('user@example.com', since);
    expect(after.length).toBe(noteNotices.length + 1);
    expect(after.map((n) => n.title)).toContain('Support replied');
    expect(after.map((n) => n.title)).toContain('Ticket status changed');

    const seen = (await api.as('customer:user').get<TTicket>(`/api/tickets/${ticket.id}`)).json();
    expect(seen.comments.map((c) => c.body)).toEqual(['We rerouted New York traffic. Please try again.']);
    expect(seen.comments[0]?.author).toEqual({ name: 'Jordan Lee', staff: true });
    const staffView = (await api.as('staff:admin').get<TTicket>(`/api/tickets/${ticket.id}`)).json();
    expect(staffView.comments.filter((c) => c.internal).map((c) => c.body)).toEqual(['Carrier ticket 55123 opened.']);
    expect((await api.as('customer:user').post(`/api/tickets/${ticket.id}/comments`, { body: 'x', internal: true })).status).toBe(403);
  });

  it("a customer's reply reopens a resolved ticket; a closed one takes no more replies", async () => {
    await api.as('staff:support').patch(`/api/tickets/${ticket.id}`, { status: 'resolved' });
    const reopened = await api
      .as('customer:user')
      .post<TTicket>(`/api/tickets/${ticket.id}/comments`, { body: 'It happened again at 3 pm.' });
    expect(reopened.status).toBe(201);
    expect(reopened.json().status).toBe('open');
    await api.as('staff:support').patch(`/api/tickets/${ticket.id}`, { status: 'closed' });
    const closed = await api.as('customer:user').post(`/api/tickets/${ticket.id}/comments`, { body: 'Still there?' });
    expect(closed.status).toBe(409);
    expect(closed.error().message).toBe('This ticket is closed. Please open a new ticket.');
    expect((await api.as('customer:user').get<TTicket>(`/api/tickets/${ticket.id}`)).json().comments).toHaveLength(2);
  });

  it('staff open a ticket for a customer (the customer is required) and numbers keep counting', async () => {
    expect(
      (await api.as('staff:support').post('/api/tickets', { subject: 'Invoice question', description: 'Call back' })).error().fields,
    ).toEqual({
      customerId: 'Choose a customer',
    });
    const a = (
      await api.as('staff:support').post<TTicket>('/api/tickets', { subject: 'A', description: 'a', customerId: globex?.id })
    ).json();
    const b = (
      await api.as('staff:support').post<TTicket>('/api/tickets', { subject: 'B', description: 'b', customerId: globex?.id })
    ).json();
    expect(a.customerName).toBe(globex?.name);
    const n = (code: string) => Number(code.split('-')[2]);
    expect(n(b.ticketId)).toBe(n(a.ticketId) + 1);
  });
});

describe('service status: incidents drive the status page and the dashboards', () => {
  it('staff report an incident, post updates and resolve it; both dashboards follow', async () => {
    const before = (await api.as('staff:admin').get<{ activeAlerts: number }>('/api/admin/dashboard')).json().activeAlerts;
    expect(
      (
        await api
          .as('customer:admin')
          .post('/api/status/incidents', { component: 'Voice', status: 'Degraded Performance', title: 'x', description: 'y' })
      ).status,
    ).toBe(403);
    const noStart = await api
      .as('staff:technical')
      .post('/api/status/incidents', { component: 'Numbers', status: 'Scheduled', title: 'Upgrade', description: 'Planned' });
    expect(noStart.error().fields).toEqual({ startsAt: 'Choose when the maintenance starts' });

    const created = await api.as('staff:technical').post<TIncident>('/api/status/incidents', {
      component: 'Numbers',
      status: 'Degraded Performance',
      title: 'Number search returns no results',
      description: 'Searches of the inventory answer empty for some area codes.',
    });
    expect(created.status, created.body).toBe(201);
    const incident = created.json();
    expect(incident.updates).toHaveLength(1);

    const page = (await api.as('customer:user').get<TStatusPage>('/api/status')).json();
    expect(page.components.find((c) => c.name === 'Numbers')?.status).toBe('Degraded Performance');
    expect(page.current.map((i) => i.id)).toContain(incident.id);
    const tiles = (
      await api.as('customer:user').get<{ serviceStatus: { serviceName: string; status: string; title: string }[] }>('/api/dashboard')
    ).json();
    expect(tiles.serviceStatus.find((s) => s.serviceName === 'Numbers')).toMatchObject({
      status: 'Degraded Performance',
      title: 'Number search returns no results',
    });
    expect((await api.as('staff:admin').get<{ activeAlerts: number }>('/api/admin/dashboard')).json().activeAlerts).toBe(before + 1);

    const update = await api.as('staff:support').post<TIncident>(`/api/status/incidents/${incident.id}/updates`, {
      status: 'Degraded Performance',
      message: 'A fix is being deployed.',
    });
    expect(update.json().updates.map((u) => u.message)).toEqual([
      'A fix is being deployed.',
      'Searches of the inventory answer empty for some area codes.',
    ]);
    const resolved = await api
      .as('staff:support')
      .post<TIncident>(`/api/status/incidents/${incident.id}/updates`, { status: 'Resolved', message: 'Search works again.' });
    expect(resolved.json().resolvedAt).not.toBeNull();
    expect(
      (await api.as('staff:support').post(`/api/status/incidents/${incident.id}/updates`, { status: 'Resolved', message: 'again' })).status,
    ).toBe(409);

    const after = (await api.as('customer:user').get<TStatusPage>('/api/status')).json();
    expect(after.components.find((c) => c.name === 'Numbers')?.status).toBe('Operational');
    expect(after.recent.map((i) => i.id)).toContain(incident.id);
    expect((await api.as('staff:admin').get<{ activeAlerts: number }>('/api/admin/dashboard')).json().activeAlerts).toBe(before);
    const [audit] = await auditEntries(db, 'status.incident', incident.id);
    expect(audit?.summary).toBe('Reported an incident on Numbers: Number search returns no results');
  });
});

describe('knowledge base', () => {
  it('staff write public and internal articles; customers read the public ones; full-text search finds words in the body', async () => {
    expect((await api.as('customer:admin').post('/api/knowledge', { title: 'x', category: 'API', body: 'y' })).status).toBe(403);
    expect((await api.as('staff:support').post('/api/knowledge', { title: '', category: 'API', body: '' })).error().fields).toEqual({
      title: 'Title is required',
      body: 'Article is required',
    });
    const pub = (
      await api.as('staff:support').post<TArticle>('/api/knowledge', {
        title: 'Rotating webhook secrets',
        category: 'API',
        body: '## Rotation\n\nDuring the **24-hour** overlap both secrets sign each delivery, so receivers can switch without dropping events.',
      })
    ).json();
    const internal = (
      await api.as('staff:support').post<TArticle>('/api/knowledge', {
        title: 'Escalating carrier outages',
        category: 'Voice',
        body: 'Open a carrier case and page the NOC on-call engineer for outages.',
        public: false,
      })
    ).json();
    expect(internal.public).toBe(false);

    const search = async (who: 'customer:user' | 'staff:support', text: string) =>
      (await api.as(who).get<TPage<TArticleListItem>>('/api/knowledge', { query: { search: text } })).json().items.map((a) => a.id);
    // stemming: "dropped" finds "dropping"; "secret" finds "secrets"
    expect(await search('customer:user', 'dropped secret')).toContain(pub.id);
    expect(await search('customer:user', 'carrier outages')).not.toContain(internal.id);
    expect(await search('staff:support', 'carrier outages')).toContain(internal.id);
    expect((await api.as('customer:user').get(`/api/knowledge/${internal.id}`)).status).toBe(404);
    const apiOnly = (
      await api.as('customer:user').get<TPage<TArticleListItem>>('/api/knowledge', { query: { category: 'API', pageSize: 100 } })
    ).json();
    expect(apiOnly.items.every((a) => a.category === 'API' && a.public)).toBe(true);

    const edited = await api.as('staff:admin').put<TArticle>(`/api/knowledge/${internal.id}`, {
      title: 'Escalating carrier outages',
      category: 'Voice',
      body: 'Open a carrier case.',
      public: true,
    });
    expect(edited.json().public).toBe(true);
    expect((await api.as('customer:user').get<TArticle>(`/api/knowledge/${internal.id}`)).json().body).toBe('Open a carrier case.');
    expect((await api.as('staff:admin').delete(`/api/knowledge/${internal.id}`)).status).toBe(200);
    expect((await api.as('customer:user').get(`/api/knowledge/${internal.id}`)).status).toBe(404);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, internal.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['knowledge.create', 'knowledge.delete', 'knowledge.update']);
  });
});

describe('contact support', () => {
  it('shows the phone line to premium customers only', async () => {
    expect(acme?.premium).toBe(true);
    expect(globex?.premium).toBe(false);
    const premium = (await api.as('customer:user').get<TSupportContact>('/api/support/contact')).json();
    expect(premium.supportPhone).toMatch(/\d/);
    const standard = (await api.as('other:customer:admin').get<TSupportContact>('/api/support/contact')).json();
    expect(standard).toMatchObject({ premium: false, supportPhone: null });
    expect(standard.supportEmail).toContain('@');
  });
});

describe('following the status page', () => {
  it('subscribers are told of incidents and updates in the portal, and by email when they asked', async () => {
    expect((await api.as('customer:user').get<TStatusSubscription>('/api/status/subscription')).json()).toEqual({
      subscribed: false,
      byEmail: true,
    });
    expect((await api.as('customer:user').put('/api/status/subscription', { subscribed: true, byEmail: true })).status).toBe(200);
    await api.as('customer:admin').put('/api/status/subscription', { subscribed: true, byEmail: false });
    const since = new Date(Date.now() - 1000);
    const created = await api.as('staff:technical').post<TIncident>('/api/status/incidents', {
      component: 'API',
      status: 'Degraded Performance',
      title: 'Webhook deliveries delayed',
      description: 'Deliveries are queued for up to 5 minutes.',
    });
    expect(created.status).toBe(201);
    for (const email of ['user@example.com', 'customer@example.com']) {
      const notes = await noticesOf(email, since);
      expect(notes.map((n) => n.title)).toContain('API: Degraded Performance');
    }
    expect((await noticesOf('other@example.com', since)).map((n) => n.title)).not.toContain('API: Degraded Performance');
    // the status emails of this incident (other emails, e.g. ticket updates, may fall in the same second)
    const mails = (await db.select().from(emailOutbox).where(gt(emailOutbox.createdAt, since))).filter((m) =>
      m.subject.includes('Webhook deliveries delayed'),
    );
    expect(mails.map((m) => m.toAddress)).toContain('user@example.com');
    expect(mails.map((m) => m.toAddress)).not.toContain('customer@example.com');
    // unsubscribing stops them
    await api.as('customer:user').put('/api/status/subscription', { subscribed: false, byEmail: false });
    const later = new Date();
    await api
      .as('staff:technical')
      .post(`/api/status/incidents/${created.json().id}/updates`, { status: 'Resolved', message: 'Back to normal.' });
    expect((await noticesOf('user@example.com', later)).map((n) => n.title)).not.toContain('API: Resolved');
    expect((await noticesOf('customer@example.com', later)).map((n) => n.title)).toContain('API: Resolved');
  });
});
