import type { TPage } from '@portal/contract/common';
import {
  campaignWarnings,
  messageSegments,
  type TBrand,
  type TCampaign,
  type TCampaignDetail,
  type TMessage,
  type TTemplate,
} from '@portal/contract/messaging';
import type { TComplianceStatus, TOptOut } from '@portal/contract/messaging-consent';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, notifications, phoneNumbers } from '../src/db/schema/index.ts';
import { applyInboundKeyword } from '../src/domains/messaging/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { auditEntries } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
const acmeId = acme?.id as string;
const globexId = globex?.id as string;

const brandBody = {
  name: 'Acme Rewards',
  legalName: 'Acme Corporation',
  taxId: '12 3456789',
  entityType: 'Private Company',
  vertical: 'Retail',
  website: 'acme.example.com',
  supportEmail: 'help@acme.example.com',
  supportPhone: '(212) 555-0188',
  street: '1 Main Street',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
};

async function acmeAccountId() {
  const page = await api.as('customer:admin').get<TPage<{ id: string }>>('/api/accounts', { query: { pageSize: 10 } });
  return page.json().items[0]?.id as string;
}

describe('segment counter', () => {
  it('counts GSM-7 and UCS-2 as the networks do', () => {
    expect(messageSegments('Hello')).toMatchObject({ encoding: 'GSM-7', characters: 5, segments: 1, perSegment: 160 });
    expect(messageSegments('a'.repeat(160)).segments).toBe(1);
    expect(messageSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    // the GSM extension table counts twice: 80 braces are 160 septets, 81 need two segments
    expect(messageSegments('{'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(messageSegments('€'.repeat(81)).segments).toBe(2);
    // Spanish accents outside the GSM set force UCS-2; é and ñ are GSM
    expect(messageSegments('Señor, café').encoding).toBe('GSM-7');
    expect(messageSegments('¿Cómo estás?')).toMatchObject({ encoding: 'UCS-2', perSegment: 70 });
    expect(messageSegments('ó'.repeat(70)).segments).toBe(1);
    expect(messageSegments('ó'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // an emoji is two UTF-16 units
    expect(messageSegments('Hi 😀')).toMatchObject({ encoding: 'UCS-2', characters: 5, segments: 1 });
    expect(messageSegments('😀'.repeat(35)).segments).toBe(1);
    expect(messageSegments('😀'.repeat(36)).segments).toBe(2);
  });

  it('warns before submission of what the registry rejects', () => {
    const base = { useCase: '2FA' as const, embeddedLinks: false, embeddedPhone: false };
    const w = campaignWarnings(
      { ...base, messageFlow: '', sampleMessages: ['Your code is 123456. Visit https://x.example.com/a'] },
      'Acme',
    );
    const messages = w.map((x) => x.message);
    expect(messages).toContain('Sample 1 does not name the brand (Acme)');
    expect(messages).toContain('Sample 1 has a link, which 2FA campaigns should not contain');
    expect(messages.some((m) => m.startsWith('No sample says how to opt out'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Describe how people opt in'))).toBe(true);
    const fixed = campaignWarnings(
      {
        ...base,
        messageFlow: 'Users enter their number at sign-up on acme.example.com and tick a consent box.',
        sampleMessages: ['Acme: your code is 123456. Reply STOP to opt out.'],
      },
      'Acme',
    );
    expect(fixed).toEqual([]);
  });
});

describe('brands', () => {
  it('registers a brand (Pending), staff reject it naming the field, the customer corrects it, staff approve', async () => {
    const bad = await api.as('customer:admin').post('/api/messaging/brands', { ...brandBody, taxId: '123', website: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toMatchObject({ taxId: 'The EIN has 9 digits, e.g. 12-3456789' });
    expect((await api.as('customer:user').post('/api/messaging/brands', brandBody)).status).toBe(403);

    const created = await api.as('customer:admin').post<TBrand>('/api/messaging/brands', brandBody);
    expect(created.status, created.body).toBe(201);
    const brand = created.json();
    expect(brand).toMatchObject({ status: 'Pending', customerId: acmeId, taxId: '12-3456789', website: 'https://acme.example.com' });
    expect(brand.brandCode).toMatch(/^B[A-Z0-9]{6}$/);

    // customers may not review; a rejection needs a reason
    expect((await api.as('customer:admin').post(`/api/messaging/brands/${brand.id}/review`, { decision: 'Approved' })).status).toBe(403);
    const noReason = await api.as('staff:technical').post(`/api/messaging/brands/${brand.id}/review`, { decision: 'Rejected' });
    expect(noReason.status).toBe(400);
    const rejected = await api
      .as('staff:technical')
      .post<TBrand>(`/api/messaging/brands/${brand.id}/review`, { decision: 'Rejected', reason: 'EIN does not match', field: 'taxId' });
    expect(rejected.json()).toMatchObject({ status: 'Rejected', rejectionField: 'taxId', rejectionReason: 'EIN does not match' });
    const told = await db.select().from(notifications).where(eq(notifications.title, 'Brand rejected'));
    expect(told.length).toBeGreaterThan(0);

    const corrected = await api
      .as('customer:admin')
      .put<TBrand>(`/api/messaging/brands/${brand.id}`, { ...brandBody, taxId: '98-7654321' });
    expect(corrected.json()).toMatchObject({ status: 'Pending', rejectionReason: null, taxId: '98-7654321' });
    const approved = await api.as('staff:admin').post<TBrand>(`/api/messaging/brands/${brand.id}/review`, { decision: 'Approved' });
    expect(approved.json().status).toBe('Approved');
    expect((await api.as('staff:admin').post(`/api/messaging/brands/${brand.id}/review`, { decision: 'Approved' })).status).toBe(400);

    const [audit] = await auditEntries(db, 'messaging.brand.reject', brand.id);
    expect(audit?.summary).toBe('Rejected brand Acme Rewards (Tax ID (EIN))');
  });

  it("is scoped: another company's brand is a 404, lists hold only the caller's", async () => {
    const [other] = await db.select().from(brands).where(eq(brands.customerId, globexId)).limit(1);
    expect((await api.as('customer:admin').get(`/api/messaging/brands/${other?.id}`)).status).toBe(404);
    const mine = (await api.as('customer:user').get<TPage<TBrand>>('/api/messaging/brands', { query: { pageSize: 100 } })).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((b) => b.customerId === acmeId)).toBe(true);
    expect((await api.as('customer:user').get('/api/messaging/brands', { query: { customerId: globexId } })).status).toBe(404);
  });
});

describe('campaigns', () => {
  it('submits, reviews (illegal moves refused), rejects, resubmits with history, approves, links numbers', async () => {
    const accountId = await acmeAccountId();
    const approvedBrand = (
      await api.as('customer:admin').get<TPage<TBrand>>('/api/messaging/brands', { query: { status: 'Approved', pageSize: 10 } })
    ).json().items[0] as TBrand;
    const body = {
      accountId,
      brandId: approvedBrand.id,
      name: 'Loyalty Alerts',
      useCase: 'Account Notification',
      description: 'Points balance and reward alerts for loyalty members.',
      messageFlow: 'Members opt in on the loyalty page by entering their number and ticking a consent box.',
      sampleMessages: [`${approvedBrand.name}: you have 120 points. Reply STOP to opt out.`, ''],
      embeddedLinks: false,
    };
    const pending = await api
      .as('staff:admin')
      .get<TPage<TBrand>>('/api/messaging/brands', { query: { customerId: acmeId, status: 'Pending' } });
    if (pending.json().items[0]) {
      const refused = await api.as('customer:admin').post('/api/messaging/campaigns', { ...body, brandId: pending.json().items[0]?.id });
      expect(refused.error().fields?.brandId).toMatch(/campaigns need an approved brand/);
    }
    const noSamples = await api.as('customer:admin').post('/api/messaging/campaigns', { ...body, sampleMessages: ['', ' '] });
    expect(noSamples.error().fields).toMatchObject({ sampleMessages: 'Add at least one sample message' });

    const created = await api.as('customer:admin').post<TCampaignDetail>('/api/messaging/campaigns', body);
    expect(created.status, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ status: 'Pending', sampleMessages: [body.sampleMessages[0]], optOutKeywords: 'STOP', helpKeywords: 'HELP' });
    expect(c.campaignCode).toMatch(/^C[A-Z0-9]{6}$/);

    const skip = await api.as('staff:admin').post(`/api/messaging/campaigns/${c.id}/status`, { status: 'Approved' });
    expect(skip.status).toBe(400);
    expect(skip.error().message).toBe('A Pending campaign cannot become Approved');
    expect((await api.as('customer:admin').post(`/api/messaging/campaigns/${c.id}/status`, { status: 'Under Review' })).status).toBe(403);
    await api.as('staff:admin').post(`/api/messaging/campaigns/${c.id}/status`, { status: 'Under Review' });
    const rejected = await api
      .as('staff:admin')
      .post<TCampaignDetail>(`/api/messaging/campaigns/${c.id}/status`, { status: 'Rejected', reason: 'Opt-in description too vague' });
    expect(rejected.json()).toMatchObject({ status: 'Rejected', rejectionReason: 'Opt-in description too vague' });
    expect((await api.as('customer:admin').put(`/api/messaging/campaigns/${c.id}/numbers`, { numberIds: [] })).status).toBe(400);

    const resubmitted = await api.as('customer:admin').put<TCampaignDetail>(`/api/messaging/campaigns/${c.id}`, {
      ...body,
      messageFlow: `${body.messageFlow} Terms at acme.example.com/sms.`,
    });
    expect(resubmitted.json().status).toBe('Pending');
    await api.as('staff:admin').post(`/api/messaging/campaigns/${c.id}/status`, { status: 'Under Review' });
    const approved = await api.as('staff:admin').post<TCampaignDetail>(`/api/messaging/campaigns/${c.id}/status`, { status: 'Approved' });
    const detail = approved.json();
    expect(detail.timeline.map((e) => e.status)).toEqual(['Pending', 'Under Review', 'Rejected', 'Pending', 'Under Review', 'Approved']);
    expect(detail.timeline[3]?.reason).toBe('Corrected and resubmitted');
    const told = await db.select().from(notifications).where(eq(notifications.title, 'Campaign approved'));
    expect(told.some((n) => n.message.includes(c.campaignCode))).toBe(true);

    // numbers: only the account's free local SMS numbers
    const free = detail.linkableNumbers.slice(0, 1).map((n) => n.id);
    if (free.length) {
      const linked = await api.as('customer:admin').put<TCampaignDetail>(`/api/messaging/campaigns/${c.id}/numbers`, { numberIds: free });
      expect(linked.json().linkedNumbers.map((n) => n.id)).toEqual(free);
      const [row] = await db
        .select()
        .from(phoneNumbers)
        .where(eq(phoneNumbers.id, free[0] as string));
      expect(row?.campaignId).toBe(c.id);
    }
    const [foreign] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.customerId, globexId)).limit(1);
    const refused = await api.as('customer:admin').put(`/api/messaging/campaigns/${c.id}/numbers`, { numberIds: [foreign?.id] });
    expect(refused.status).toBe(400);
  });

  it('lists with sent and delivered counts from the message records; scoped', async () => {
    const page = (
      await api.as('customer:user').get<TPage<TCampaign>>('/api/messaging/campaigns', { query: { status: 'Approved', pageSize: 50 } })
    ).json();
    expect(page.items.every((x) => x.customerId === acmeId && x.status === 'Approved')).toBe(true);
    expect(page.items.some((x) => x.sent > 0 && x.delivered <= x.sent)).toBe(true);
    const other = (
      await api.as('staff:admin').get<TPage<TCampaign>>('/api/messaging/campaigns', { query: { customerId: globexId } })
    ).json();
    if (other.items[0]) expect((await api.as('customer:admin').get(`/api/messaging/campaigns/${other.items[0].id}`)).status).toBe(404);
  });
});

describe('templates', () => {
  it('creates, edits and deletes with segments computed; scoped and audited', async () => {
    const created = await api.as('customer:admin').post<TTemplate>('/api/messaging/templates', {
      name: 'Welcome',
      type: 'SMS',
      body: 'Hola {{first_name}}, ¿cómo está?',
      status: 'Active',
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json()).toMatchObject({ encoding: 'UCS-2', segments: 1, accountId: null, customerId: acmeId });
    const edited = await api.as('customer:admin').put<TTemplate>(`/api/messaging/templates/${created.json().id}`, {
      name: 'Welcome',
      type: 'SMS',
      body: 'x'.repeat(200),
      status: 'Draft',
    });
    expect(edited.json()).toMatchObject({ encoding: 'GSM-7', segments: 2, status: 'Draft' });
    expect((await api.as('customer:user').delete(`/api/messaging/templates/${created.json().id}`)).status).toBe(403);
    expect((await api.as('staff:admin').delete(`/api/messaging/templates/${created.json().id}`)).status).toBe(200);
    expect(
      (await api.as('customer:admin').put(`/api/messaging/templates/${created.json().id}`, { name: 'x', type: 'SMS', body: 'y' })).status,
    ).toBe(404);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, created.json().id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'messaging.template.create',
      'messaging.template.delete',
      'messaging.template.update',
    ]);
  });
});

describe('messages', () => {
  it('filters by status, type and day range (end inclusive), pages by cursor, exports the same rows', async () => {
    const first = await api.as('customer:user').get<{ items: TMessage[]; nextCursor: string | null }>('/api/messaging/messages', {
      query: { status: 'Delivered', type: 'SMS', limit: 20 },
    });
    expect(first.status, first.body).toBe(200);
    const page = first.json();
    expect(page.items.length).toBe(20);
    expect(page.items.every((m) => m.status === 'Delivered' && m.type === 'SMS')).toBe(true);
    const second = (
      await api.as('customer:user').get<{ items: TMessage[] }>('/api/messaging/messages', {
        query: { status: 'Delivered', type: 'SMS', limit: 20, cursor: page.nextCursor },
      })
    ).json();
    expect((second.items[0]?.sentAt ?? '') <= (page.items[19]?.sentAt ?? '')).toBe(true);
    expect(new Set([...page.items, ...second.items].map((m) => m.id)).size).toBe(40);

    const day = (page.items[0]?.sentAt ?? '').slice(0, 10);
    const ofDay = (
      await api
        .as('customer:user')
        .get<{ items: TMessage[] }>('/api/messaging/messages', { query: { startDate: day, endDate: day, limit: 100 } })
    ).json();
    expect(ofDay.items.length).toBeGreaterThan(0);
    expect(ofDay.items.every((m) => m.sentAt.startsWith(day))).toBe(true);
    const backwards = await api.as('customer:user').get('/api/messaging/messages', { query: { startDate: day, endDate: '2000-01-01' } });
    expect(backwards.status).toBe(400);

    const csv = await api.as('customer:user').get('/api/messaging/messages/export', { query: { startDate: day, endDate: day } });
    expect(csv.status).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date/Time,Message ID,Account,From,To,Type,Direction,Status,Segments,Cost (USD)');
    expect(lines.length - 1).toBe(ofDay.items.length);

    // another company's messages never show
    const foreign = await api.as('customer:user').get('/api/messaging/messages', { query: { customerId: globexId } });
    expect(foreign.status).toBe(404);
    expect((await api.as('customer:user').get('/api/messaging/messages/export', { query: { customerId: globexId } })).status).toBe(404);
  });
});

describe('opt-outs and compliance', () => {
  it('keeps the ledger: STOP adds, START removes, manual add and removal are audited', async () => {
    const accountId = await acmeAccountId();
    const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
    expect(await applyInboundKeyword(ctx, { customerId: acmeId, accountId, from: '+14155550101', body: ' stop ' })).toBe('opted-out');
    const listed = (
      await api.as('customer:user').get<TPage<TOptOut>>('/api/messaging/opt-outs', { query: { search: '415 555 0101', accountId } })
    ).json();
    expect(listed.items).toMatchObject([{ number: '+14155550101', keyword: 'STOP', source: 'Inbound message' }]);
    expect(await applyInboundKeyword(ctx, { customerId: acmeId, accountId, from: '+14155550101', body: 'START' })).toBe('opted-in');
    expect(
      (await api.as('customer:user').get<TPage<TOptOut>>('/api/messaging/opt-outs', { query: { search: '4155550101' } })).json().total,
    ).toBe(0);

    const added = await api.as('customer:admin').post<TOptOut>('/api/messaging/opt-outs', { accountId, number: '(415) 555-0102' });
    expect(added.status, added.body).toBe(201);
    expect(added.json()).toMatchObject({ number: '+14155550102', source: 'Manual', keyword: 'STOP' });
    const twice = await api.as('customer:admin').post('/api/messaging/opt-outs', { accountId, number: '+14155550102' });
    expect(twice.status).toBe(400);
    expect((await api.as('customer:user').post('/api/messaging/opt-outs', { accountId, number: '+14155550103' })).status).toBe(403);
    expect((await api.as('customer:admin').delete(`/api/messaging/opt-outs/${added.json().id}`)).status).toBe(200);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, added.json().id));
    expect(audits.map((a) => a.action).sort()).toEqual(['messaging.opt-out.add', 'messaging.opt-out.remove']);
  });

  it('computes the compliance cards from real state', async () => {
    const status = (await api.as('customer:user').get<TComplianceStatus>('/api/messaging/compliance')).json();
    expect(status.tenDlc.smsNumbers).toBeGreaterThan(0);
    // the demo company keeps a sending number without an approved campaign
    expect(status.tenDlc.state).toBe('warning');
    expect(status.tenDlc.unlinked.length).toBeGreaterThan(0);
    expect(status.tcpa).toMatchObject({ state: 'good', sentToOptedOut: 0 });
    expect(status.gdpr).toMatchObject({ state: 'good', retentionDays: 395 });
  });
});
