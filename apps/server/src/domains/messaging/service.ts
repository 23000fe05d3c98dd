import { randomBytes, randomInt } from 'node:crypto';
import type { TPage } from '@portal/contract/common';
import {
  BRAND_FIELD_LABELS,
  CAMPAIGN_TRANSITIONS,
  DEFAULT_MESSAGING_PRICES,
  MESSAGE_CSV_HEADER,
  messageCost,
  messageSegments,
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  SANDBOX_FAILING_NUMBERS,
  type TApiMessage,
  type TBrand,
  type TCampaign,
  type TCampaignDetail,
  type TCampaignStatus,
  type TComplianceStatus,
  type TExportMessagesQuery,
  type TListBrandsQuery,
  type TListCampaignsQuery,
  type TListMessagesQuery,
  type TListOptOutsQuery,
  type TListTemplatesQuery,
  type TMessage,
  type TMessagingPrices,
  type TOptOut,
  type TTemplate,
  type ZBrandBody,
  type ZCampaignBody,
  type ZCampaignNumbersBody,
  type ZCampaignStatusBody,
  type ZOptOutBody,
  type ZReviewBrandBody,
  type ZSendMessageBody,
  type ZTemplateBody,
} from '@portal/contract/messaging';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction, ownCustomer, userOf } from '../../lib/context.ts';
import { dayRange, decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CsvExport } from '../../lib/export.ts';
import { findAccountInScope, recordListScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { runStatement, statementExport } from '../../lib/sql-statement.ts';
import { recordAudit } from '../audit/service.ts';
import { blockedBy } from '../compliance/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { simulateDeliveryJob } from './jobs.ts';
import * as repo from './repo.ts';

const iso = (d: Date) => d.toISOString();

/** The customer a new record belongs to: a customer user's own company; staff name one in reach. */
async function targetCustomer(ctx: Ctx, requested: string | null | undefined): Promise<string> {
  const customerId = ownCustomer(ctx) ?? requested;
  if (!customerId) throw invalid({ customerId: 'Choose a customer' });
  await resolveListScope(ctx, { customerId });
  return customerId;
}

/** A registry-style identifier: a letter and six capitals or digits (B1A2C3D, CX4T9QZ). */
async function newCode(db: DbOrTx, prefix: 'B' | 'C', taken: (db: DbOrTx, code: string) => Promise<boolean>): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let code = prefix;
    for (let i = 0; i < 6; i++) code += alphabet[randomInt(alphabet.length)];
    if (!(await taken(db, code))) return code;
  }
}

async function notifyCompany(tx: Ctx, customerId: string, title: string, message: string, link: string) {
  const admins = await customerAdminIds(tx, customerId);
  const me = tx.actor?.type === 'user' ? tx.actor.userId : null;
  await notifyUsers(
    tx,
    admins.filter((id) => id !== me),
    { type: 'Service', title, message, link },
  );
}

// ---------------------------------------------------------------------------------------------
// Brands

type BrandRow = NonNullable<Awaited<ReturnType<typeof repo.brandById>>>;
const toBrand = (r: BrandRow): TBrand => ({
  ...r,
  rejectionField: (r.rejectionField as TBrand['rejectionField']) ?? null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listBrands(ctx: Ctx, q: TListBrandsQuery): Promise<TPage<TBrand>> {
  const scope = await resolveListScope(ctx, { customerId: q.customerId });
  const { rows, total } = await repo.listBrands(ctx.db, scope, q);
  return pageOf(rows.map(toBrand), total, q);
}

export async function getBrand(ctx: Ctx, id: string): Promise<TBrand> {
  const row = await repo.brandById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Brand');
  return toBrand(row);
}

const brandValues = (b: z.output<typeof ZBrandBody>) => ({
  name: b.name,
  legalName: b.legalName,
  taxId: b.taxId,
  entityType: b.entityType,
  vertical: b.vertical,
  website: b.website,
  supportEmail: b.supportEmail,
  supportPhone: b.supportPhone,
  street: b.street,
  city: b.city,
  state: b.state,
  postalCode: b.postalCode,
  description: b.description,
});

/** Registers a brand: it waits (Pending) for the provider's review. */
export async function createBrand(ctx: Ctx, body: z.output<typeof ZBrandBody>): Promise<TBrand> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const id = await inTransaction(ctx, async (tx) => {
    const brandCode = await newCode(tx.db, 'B', repo.brandCodeTaken);
    const { id } = await repo.insertBrand(tx.db, { customerId, brandCode, status: 'Pending', ...brandValues(body) });
    await recordAudit(tx, {
      action: 'messaging.brand.create',
      entityType: 'brand',
      entityId: id,
      customerId,
      summary: `Registered brand ${body.name} (${brandCode})`,
      after: { ...brandValues(body), brandCode },
    });
    return id;
  });
  return getBrand(ctx, id);
}

/** Corrects a pending or rejected brand; a rejected one goes back to Pending for review. */
export async function updateBrand(ctx: Ctx, id: string, body: z.output<typeof ZBrandBody>): Promise<TBrand> {
  const before = await getBrand(ctx, id);
  if (before.status === 'Approved') throw invalid({ name: 'An approved brand cannot be changed; register a new one' });
  await inTransaction(ctx, async (tx) => {
    await repo.updateBrand(tx.db, id, {
      ...brandValues(body),
      status: 'Pending',
      rejectionReason: null,
      rejectionField: null,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      action: 'messaging.brand.update',
      entityType: 'brand',
      entityId: id,
      customerId: before.customerId,
      summary: `${before.status === 'Rejected' ? 'Corrected and resubmitted' : 'Edited'} brand ${body.name}`,
      before,
      after: brandValues(body),
    });
  });
  return getBrand(ctx, id);
}

/** The provider's review: approve, or reject with a reason naming the field at fault. */
export async function reviewBrand(ctx: Ctx, id: string, body: z.output<typeof ZReviewBrandBody>): Promise<TBrand> {
  const before = await getBrand(ctx, id);
  if (before.status !== 'Pending') throw invalid({ decision: `The brand is ${before.status}: only a pending brand is reviewed` });
  await inTransaction(ctx, async (tx) => {
    const rejected = body.decision === 'Rejected';
    await repo.updateBrand(tx.db, id, {
      status: body.decision,
      rejectionReason: rejected ? body.reason : null,
      rejectionField: rejected ? (body.field ?? null) : null,
      updatedAt: new Date(),
    });
    const field = rejected && body.field ? ` (${BRAND_FIELD_LABELS[body.field]})` : '';
    await recordAudit(tx, {
      action: `messaging.brand.${rejected ? 'reject' : 'approve'}`,
      entityType: 'brand',
      entityId: id,
      customerId: before.customerId,
      summary: `${rejected ? 'Rejected' : 'Approved'} brand ${before.name}${field}`,
      before: { status: before.status },
      after: { status: body.decision, reason: body.reason, field: body.field },
    });
    await notifyCompany(
      tx,
      before.customerId,
      `Brand ${body.decision.toLowerCase()}`,
      rejected ? `${before.name} was rejected${field}: ${body.reason}` : `${before.name} is approved: you can register campaigns for it.`,
      '/customer/messaging?tab=brands',
    );
  });
  return getBrand(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Campaigns

type CampaignRow = NonNullable<Awaited<ReturnType<typeof repo.campaignById>>>;
type CampaignListRow = Awaited<ReturnType<typeof repo.listCampaigns>>['rows'][number];
const toCampaign = (r: CampaignListRow, counts: { sent: number; delivered: number } | undefined): TCampaign => ({
  id: r.id,
  campaignCode: r.campaignCode,
  customerId: r.customerId,
  customerName: r.customerName,
  accountId: r.accountId,
  accountName: r.accountName,
  brandId: r.brandId,
  brandName: r.brandName,
  name: r.name,
  useCase: r.useCase,
  description: r.description,
  status: r.status,
  rejectionReason: r.rejectionReason,
  numbers: r.numbers,
  sent: counts?.sent ?? 0,
  delivered: counts?.delivered ?? 0,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listCampaigns(ctx: Ctx, q: TListCampaignsQuery): Promise<TPage<TCampaign>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listCampaigns(ctx.db, scope, q);
  const counts = await repo.campaignCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => toCampaign(r, counts.get(r.id))),
    total,
    q,
  );
}

export async function getCampaign(ctx: Ctx, id: string): Promise<TCampaignDetail> {
  const row: CampaignRow | undefined = await repo.campaignById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Campaign');
  const [counts, timeline, numbers] = await Promise.all([
    repo.campaignCounts(ctx.db, [id]),
    repo.campaignTimeline(ctx.db, id),
    repo.accountSmsNumbers(ctx.db, row.accountId),
  ]);
  return {
    ...toCampaign(row, counts.get(id)),
    messageFlow: row.messageFlow,
    sampleMessages: row.sampleMessages,
    optInKeywords: row.optInKeywords,
    optInMessage: row.optInMessage,
    optOutKeywords: row.optOutKeywords,
    optOutMessage: row.optOutMessage,
    helpKeywords: row.helpKeywords,
    helpMessage: row.helpMessage,
    embeddedLinks: row.embeddedLinks,
    embeddedPhone: row.embeddedPhone,
    numberPooling: row.numberPooling,
    ageGated: row.ageGated,
    directLending: row.directLending,
    timeline: timeline.map((e) => ({ ...e, at: iso(e.at) })),
    linkedNumbers: numbers.filter((n) => n.campaignId === id).map(({ id, number }) => ({ id, number })),
    linkableNumbers: numbers.filter((n) => !n.campaignId || n.campaignId === id).map(({ id, number }) => ({ id, number })),
  };
}

const campaignValues = (b: z.output<typeof ZCampaignBody>) => ({
  name: b.name,
  useCase: b.useCase,
  description: b.description,
  messageFlow: b.messageFlow,
  sampleMessages: b.sampleMessages,
  optInKeywords: b.optInKeywords,
  optInMessage: b.optInMessage,
  optOutKeywords: b.optOutKeywords,
  optOutMessage: b.optOutMessage,
  helpKeywords: b.helpKeywords,
  helpMessage: b.helpMessage,
  embeddedLinks: b.embeddedLinks,
  embeddedPhone: b.embeddedPhone,
  numberPooling: b.numberPooling,
  ageGated: b.ageGated,
  directLending: b.directLending,
});

/** The account and brand a campaign is registered under: the same company, the brand approved. */
async function campaignOwners(ctx: Ctx, body: z.output<typeof ZCampaignBody>) {
  const account = await findAccountInScope(ctx.db, body.accountId, ownCustomer(ctx));
  if (!account) throw invalid({ accountId: 'Choose an account' });
  const brand = await repo.brandById(ctx.db, body.brandId, account.customerId);
  if (!brand) throw invalid({ brandId: "Choose one of the account's company's brands" });
  if (brand.status !== 'Approved') throw invalid({ brandId: `The brand is ${brand.status}: campaigns need an approved brand` });
  return { account, brand };
}

/** Submits a campaign to the registry: it gets its 10DLC ID and waits (Pending) for review. */
export async function createCampaign(ctx: Ctx, body: z.output<typeof ZCampaignBody>): Promise<TCampaignDetail> {
  const { account, brand } = await campaignOwners(ctx, body);
  const me = userOf(ctx);
  const id = await inTransaction(ctx, async (tx) => {
    const campaignCode = await newCode(tx.db, 'C', repo.campaignCodeTaken);
    const { id } = await repo.insertCampaign(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      brandId: brand.id,
      campaignCode,
      status: 'Pending',
      ...campaignValues(body),
    });
    await repo.insertCampaignEvent(tx.db, { campaignId: id, status: 'Pending', reason: 'Submitted', byUserId: me.userId });
    await recordAudit(tx, {
      action: 'messaging.campaign.create',
      entityType: 'campaign',
      entityId: id,
      customerId: account.customerId,
      summary: `Submitted campaign ${body.name} (${campaignCode}) for ${brand.name}`,
      after: { ...campaignValues(body), accountId: account.id, brandId: brand.id, campaignCode },
    });
    return id;
  });
  return getCampaign(ctx, id);
}

/** Corrects a pending or rejected campaign; a rejected one is resubmitted (history kept). */
export async function updateCampaign(ctx: Ctx, id: string, body: z.output<typeof ZCampaignBody>): Promise<TCampaignDetail> {
  const before = await getCampaign(ctx, id);
  if (before.status !== 'Pending' && before.status !== 'Rejected')
    throw invalid({ name: `The campaign is ${before.status}: only a pending or rejected campaign can be changed` });
  const { account, brand } = await campaignOwners(ctx, body);
  if (account.customerId !== before.customerId) throw invalid({ accountId: 'Choose an account' });
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    await repo.updateCampaign(tx.db, id, {
      ...campaignValues(body),
      accountId: account.id,
      brandId: brand.id,
      status: 'Pending',
      rejectionReason: null,
      updatedAt: new Date(),
    });
    if (before.status === 'Rejected') {
      await repo.insertCampaignEvent(tx.db, {
        campaignId: id,
        status: 'Pending',
        reason: 'Corrected and resubmitted',
        byUserId: me.userId,
      });
    }
    await recordAudit(tx, {
      action: 'messaging.campaign.update',
      entityType: 'campaign',
      entityId: id,
      customerId: before.customerId,
      summary: `${before.status === 'Rejected' ? 'Resubmitted' : 'Edited'} campaign ${body.name} (${before.campaignCode})`,
      before: { ...before, timeline: undefined, linkableNumbers: undefined },
      after: campaignValues(body),
    });
  });
  return getCampaign(ctx, id);
}

/** The provider moves a campaign through the registry's review; the customer's Admins are told. */
export async function setCampaignStatus(ctx: Ctx, id: string, body: z.output<typeof ZCampaignStatusBody>): Promise<TCampaignDetail> {
  const before = await getCampaign(ctx, id);
  const allowed: readonly TCampaignStatus[] = CAMPAIGN_TRANSITIONS[before.status];
  if (!allowed.includes(body.status))
    throw invalid(
      { status: `A ${before.status} campaign cannot become ${body.status}` },
      `A ${before.status} campaign cannot become ${body.status}`,
    );
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    await repo.updateCampaign(tx.db, id, {
      status: body.status,
      rejectionReason: body.status === 'Rejected' ? body.reason : null,
      updatedAt: new Date(),
    });
    // a campaign that stops being approved releases its numbers
    if (body.status === 'Rejected') await repo.setCampaignNumbers(tx.db, id, []);
    await repo.insertCampaignEvent(tx.db, { campaignId: id, status: body.status, reason: body.reason, byUserId: me.userId });
    await recordAudit(tx, {
      action: 'messaging.campaign.status',
      entityType: 'campaign',
      entityId: id,
      customerId: before.customerId,
      summary: `Campaign ${before.name} (${before.campaignCode}): ${before.status} → ${body.status}`,
      before: { status: before.status },
      after: { status: body.status, reason: body.reason },
    });
    await notifyCompany(
      tx,
      before.customerId,
      `Campaign ${body.status.toLowerCase()}`,
      `${before.name} (${before.campaignCode}) is ${body.status}${body.reason ? `: ${body.reason}` : '.'}`,
      `/customer/messaging/campaigns/${id}`,
    );
  });
  return getCampaign(ctx, id);
}

/** The numbers an approved campaign sends from (a number belongs to one campaign). */
export async function setCampaignNumbers(ctx: Ctx, id: string, body: z.output<typeof ZCampaignNumbersBody>): Promise<TCampaignDetail> {
  const before = await getCampaign(ctx, id);
  if (before.status !== 'Approved') throw invalid({ numberIds: 'Numbers can be linked only to an approved campaign' });
  const linkable = new Map(before.linkableNumbers.map((n) => [n.id, n.number]));
  const foreign = body.numberIds.filter((n) => !linkable.has(n));
  if (foreign.length)
    throw invalid({
      numberIds: `${foreign.length} of the numbers are not local SMS numbers of ${before.accountName} free of another campaign`,
    });
  const ids = [...new Set(body.numberIds)];
  await inTransaction(ctx, async (tx) => {
    await repo.setCampaignNumbers(tx.db, id, ids);
    await recordAudit(tx, {
      action: 'messaging.campaign.numbers',
      entityType: 'campaign',
      entityId: id,
      customerId: before.customerId,
      summary: `Campaign ${before.name} now sends from ${ids.length} number${ids.length === 1 ? '' : 's'}`,
      before: { numbers: before.linkedNumbers.map((n) => n.number) },
      after: { numbers: ids.map((n) => linkable.get(n)) },
    });
  });
  return getCampaign(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Templates

type TemplateRow = NonNullable<Awaited<ReturnType<typeof repo.templateById>>>;
function toTemplate(r: TemplateRow): TTemplate {
  const info = messageSegments(r.body);
  return {
    ...r,
    encoding: info.encoding,
    segments: r.type === 'MMS' ? 1 : info.segments,
    createdAt: iso(r.createdAt),
    lastModified: iso(r.lastModified),
  };
}

export async function listTemplates(ctx: Ctx, q: TListTemplatesQuery): Promise<TPage<TTemplate>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listTemplates(ctx.db, scope, q);
  return pageOf(rows.map(toTemplate), total, q);
}

export async function getTemplate(ctx: Ctx, id: string): Promise<TTemplate> {
  const row = await repo.templateById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Template');
  return toTemplate(row);
}

async function templateAccount(ctx: Ctx, customerId: string, accountId: string | null | undefined) {
  if (!accountId) return null;
  const account = await findAccountInScope(ctx.db, accountId, customerId);
  if (!account) throw invalid({ accountId: 'Choose an account' });
  return account.id;
}

export async function createTemplate(ctx: Ctx, body: z.output<typeof ZTemplateBody>): Promise<TTemplate> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const accountId = await templateAccount(ctx, customerId, body.accountId);
  const id = await inTransaction(ctx, async (tx) => {
    const values = { name: body.name, type: body.type, body: body.body, status: body.status, accountId };
    const { id } = await repo.insertTemplate(tx.db, { customerId, ...values });
    await recordAudit(tx, {
      action: 'messaging.template.create',
      entityType: 'message_template',
      entityId: id,
      customerId,
      summary: `Created template ${body.name}`,
      after: values,
    });
    return id;
  });
  return getTemplate(ctx, id);
}

export async function updateTemplate(ctx: Ctx, id: string, body: z.output<typeof ZTemplateBody>): Promise<TTemplate> {
  const before = await getTemplate(ctx, id);
  const accountId = await templateAccount(ctx, before.customerId, body.accountId);
  await inTransaction(ctx, async (tx) => {
    const values = { name: body.name, type: body.type, body: body.body, status: body.status, accountId };
    await repo.updateTemplate(tx.db, id, { ...values, lastModified: new Date() });
    await recordAudit(tx, {
      action: 'messaging.template.update',
      entityType: 'message_template',
      entityId: id,
      customerId: before.customerId,
      summary: `Edited template ${body.name}`,
      before: { name: before.name, type: before.type, body: before.body, status: before.status, accountId: before.accountId },
      after: values,
    });
  });
  return getTemplate(ctx, id);
}

export async function deleteTemplate(ctx: Ctx, id: string): Promise<void> {
  const before = await getTemplate(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await repo.deleteTemplate(tx.db, id);
    await recordAudit(tx, {
      action: 'messaging.template.delete',
      entityType: 'message_template',
      entityId: id,
      customerId: before.customerId,
      summary: `Deleted template ${before.name}`,
      before: { name: before.name, type: before.type, body: before.body, status: before.status },
    });
  });
}

/** What messages cost on an account (the provider's defaults when no account is chosen). */
export async function prices(ctx: Ctx, q: { accountId?: string | undefined }): Promise<TMessagingPrices> {
  if (!q.accountId) return DEFAULT_MESSAGING_PRICES;
  const scope = await resolveListScope(ctx, { accountId: q.accountId });
  const row = await repo.accountPrices(ctx.db, scope.accountId as string);
  return row ?? DEFAULT_MESSAGING_PRICES;
}

// ---------------------------------------------------------------------------------------------
// Messages: delivery reports and message logs, keyset paged like the CDRs.

async function messageCriteria(ctx: Ctx, q: TExportMessagesQuery, strict: boolean): Promise<repo.MessageCriteria> {
  const scope = await recordListScope(ctx, q, strict);
  const range = dayRange(q.startDate, q.endDate, q.tz ?? 'UTC');
  return { ...scope, filters: q, since: range.from, until: range.until };
}

interface MessageRow {
  id: string;
  message_id: string;
  account_id: string;
  account_name: string;
  from_number: string;
  to_number: string;
  type: TMessage['type'];
  direction: TMessage['direction'];
  status: TMessage['status'];
  segments: number;
  cost: string;
  sent_at: Date;
}

export async function listMessages(ctx: Ctx, q: TListMessagesQuery): Promise<{ items: TMessage[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const criteria = await messageCriteria(ctx, q, false);
  const rows = await runStatement<MessageRow>(ctx.database, repo.messagePageStatement(criteria, after, q.limit));
  const page = keysetPage(rows, q.limit, (r) => ({ at: new Date(r.sent_at), id: Number(r.id) }));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      messageId: r.message_id,
      accountId: r.account_id,
      accountName: r.account_name,
      fromNumber: r.from_number,
      toNumber: r.to_number,
      type: r.type,
      direction: r.direction,
      status: r.status,
      segments: Number(r.segments),
      cost: Number(r.cost),
      sentAt: new Date(r.sent_at).toISOString(),
    })),
  };
}

/** Every matching message as CSV, streamed (COPY on PostgreSQL, keyset chunks on PGlite). */
export async function exportMessages(ctx: Ctx, q: TExportMessagesQuery): Promise<CsvExport> {
  const criteria = await messageCriteria(ctx, q, true);
  const tz = q.tz ?? 'UTC';
  const span = q.startDate || q.endDate ? `-${q.startDate ?? 'start'}-to-${q.endDate ?? 'today'}` : '';
  return statementExport(ctx.database, {
    fileName: `messages${span}.csv`,
    header: MESSAGE_CSV_HEADER,
    whole: repo.messageExportStatement(criteria, tz),
    chunk: (after, size) => repo.messageExportChunkStatement(criteria, tz, after, size),
  });
}

/** Message records older than messageRetentionDays go (the daily purge job). */
export async function purgeExpiredMessages(ctx: Ctx, now: Date): Promise<number> {
  const { messageRetentionDays } = await getSettings(ctx.db);
  return repo.purgeMessagesBefore(ctx.db, new Date(now.getTime() - messageRetentionDays * 86_400_000));
}

// ---------------------------------------------------------------------------------------------
// Opt-outs

type OptOutRow = NonNullable<Awaited<ReturnType<typeof repo.optOutById>>>;
const toOptOut = (r: OptOutRow): TOptOut => ({ ...r, createdAt: iso(r.createdAt) });

export async function listOptOuts(ctx: Ctx, q: TListOptOutsQuery): Promise<TPage<TOptOut>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listOptOuts(ctx.db, scope, q);
  return pageOf(rows.map(toOptOut), total, q);
}

export async function addOptOut(ctx: Ctx, body: z.output<typeof ZOptOutBody>): Promise<TOptOut> {
  const account = await findAccountInScope(ctx.db, body.accountId, ownCustomer(ctx));
  if (!account) throw invalid({ accountId: 'Choose an account' });
  const id = await inTransaction(ctx, async (tx) => {
    if (await repo.optOutOf(tx.db, account.id, body.number))
      throw invalid({ number: `${body.number} has already opted out of ${account.name}` });
    const row = await repo.insertOptOut(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      number: body.number,
      keyword: body.keyword,
      source: 'Manual',
    });
    await recordAudit(tx, {
      action: 'messaging.opt-out.add',
      entityType: 'opt_out',
      entityId: row?.id,
      customerId: account.customerId,
      summary: `Opted ${body.number} out of messages from ${account.name}`,
      after: { number: body.number, keyword: body.keyword },
    });
    return row?.id as string;
  });
  const row = await repo.optOutById(ctx.db, id, account.customerId);
  if (!row) throw notFound('Opt-out');
  return toOptOut(row);
}

/** Opts a number back in (the recipient asked by other means than START). */
export async function removeOptOut(ctx: Ctx, id: string): Promise<void> {
  const row = await repo.optOutById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Opt-out');
  await inTransaction(ctx, async (tx) => {
    await repo.deleteOptOut(tx.db, id);
    await recordAudit(tx, {
      action: 'messaging.opt-out.remove',
      entityType: 'opt_out',
      entityId: id,
      customerId: row.customerId,
      summary: `Opted ${row.number} back in to messages from ${row.accountName}`,
      before: { number: row.number, keyword: row.keyword, source: row.source },
    });
  });
}

/**
 * An inbound message's keyword (ingestion, the public API): STOP and its synonyms add the sender to
 * the account's ledger, START and its synonyms remove them. Runs in the caller's transaction.
 */
export async function applyInboundKeyword(
  tx: Ctx,
  m: { customerId: string; accountId: string; from: string; body: string },
): Promise<'opted-out' | 'opted-in' | null> {
  const word = m.body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) {
    await repo.insertOptOut(tx.db, {
      customerId: m.customerId,
      accountId: m.accountId,
      number: m.from,
      keyword: word,
      source: 'Inbound message',
    });
    return 'opted-out';
  }
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) {
    const row = await repo.optOutOf(tx.db, m.accountId, m.from);
    if (row) await repo.deleteOptOut(tx.db, row.id);
    return 'opted-in';
  }
  return null;
}

/** Whether a number has opted out of an account's messages (the send check). */
export async function isOptedOut(ctx: Ctx, accountId: string, number: string): Promise<boolean> {
  return Boolean(await repo.optOutOf(ctx.db, accountId, number));
}

// ---------------------------------------------------------------------------------------------
// The Status tab's compliance cards

export async function complianceStatus(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<TComplianceStatus> {
  const scope = await resolveListScope(ctx, q);
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [numbers, approved, optOut, settings] = await Promise.all([
    repo.unlinkedSmsNumbers(ctx.db, scope, 50),
    repo.approvedCampaignCount(ctx.db, scope),
    repo.optOutHealth(ctx.db, scope, since),
    getSettings(ctx.db),
  ]);
  return {
    tenDlc: {
      state: numbers.unlinkedTotal > 0 ? 'warning' : 'good',
      approvedCampaigns: approved,
      smsNumbers: numbers.smsNumbers,
      unlinked: numbers.rows,
      unlinkedTotal: numbers.unlinkedTotal,
    },
    tcpa: { state: optOut.sentToOptedOut > 0 ? 'warning' : 'good', ...optOut },
    gdpr: { state: 'good', retentionDays: settings.messageRetentionDays },
  };
}

// ---------------------------------------------------------------------------------------------
// Sending (the public API) and the sandbox

type ApiMessageRow = NonNullable<Awaited<ReturnType<typeof repo.messageById>>>;
async function toApiMessage(ctx: Ctx, r: ApiMessageRow): Promise<TApiMessage> {
  const events = await repo.eventsOf(ctx.db, r.id);
  return {
    id: r.messageId,
    from: r.fromNumber,
    to: r.toNumber,
    body: r.body,
    type: r.type,
    direction: r.direction,
    status: r.status,
    segments: r.segments,
    encoding: r.body && r.type === 'SMS' ? messageSegments(r.body).encoding : null,
    cost: Number(r.cost),
    currency: 'USD',
    campaignId: r.campaignId,
    requestId: r.requestId,
    createdAt: r.sentAt.toISOString(),
    events: events.map((e) => ({ status: e.status, detail: e.detail, at: e.at.toISOString() })),
  };
}

/** A message of the caller's scope by its public id (SM…), with its delivery events. */
export async function getApiMessage(ctx: Ctx, messageId: string): Promise<TApiMessage> {
  const actor = ctx.actor;
  const scope = { customerId: ownCustomer(ctx), accountId: actor?.type === 'apiKey' ? actor.accountId : null };
  const row = await repo.messageByPublicId(ctx.db, messageId, scope);
  if (!row) throw notFound('Message');
  return toApiMessage(ctx, row);
}

const refuse = (code: 'OPTED_OUT' | 'DNC_LISTED' | 'SENDER_NOT_ALLOWED', message: string, field: string) =>
  new AppError(422, code, message, { [field]: message });

/**
 * Sends a message from the key's account: `from` must be the account's toll-free number or a
 * local number linked to an approved campaign; `to` may be on neither the DNC list nor the
 * account's opt-out ledger. Recorded as Queued with its segments and cost; the sandbox (or a
 * carrier) moves it on. Runs in the caller's transaction (the idempotency record commits with it).
 */
export async function sendMessage(tx: Ctx, body: z.output<typeof ZSendMessageBody>): Promise<TApiMessage> {
  const actor = tx.actor;
  if (actor?.type !== 'apiKey' || !actor.accountId) throw new AppError(403, 'FORBIDDEN', 'Messages are sent with an API key of an account');
  const accountId = actor.accountId;
  const sender = await repo.senderNumber(tx.db, accountId, body.from);
  if (!sender) throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not a number of this account`, 'from');
  if (!sender.features?.includes('SMS')) throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not enabled for messaging`, 'from');
  if (sender.type !== 'TFN' && sender.campaignStatus !== 'Approved')
    throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not linked to an approved 10DLC campaign`, 'from');
  if (!body.body && !body.mediaUrls.length) throw invalid({ body: 'Send a body or media' });
  if (await blockedBy(tx, actor.customerId, body.to, 'DNC')) throw refuse('DNC_LISTED', `${body.to} is on your Do Not Contact list`, 'to');
  if (await repo.optOutOf(tx.db, accountId, body.to))
    throw refuse('OPTED_OUT', `${body.to} has opted out of messages from this account`, 'to');
  const type = body.mediaUrls.length ? 'MMS' : 'SMS';
  const segments = type === 'MMS' ? 1 : Math.max(1, messageSegments(body.body).segments);
  const prices = (await repo.accountPrices(tx.db, accountId)) ?? DEFAULT_MESSAGING_PRICES;
  const now = new Date();
  const id = await repo.insertMessage(tx.db, {
    customerId: actor.customerId,
    accountId,
    messageId: `SM${randomBytes(16).toString('hex')}`,
    fromNumber: body.from,
    toNumber: body.to,
    type,
    direction: 'Outbound',
    status: 'Queued',
    segments,
    cost: messageCost(type, segments, prices),
    sentAt: now,
    campaignId: sender.type === 'TFN' ? null : sender.campaignId,
    body: body.body || null,
    requestId: tx.origin.requestId,
    apiKeyId: actor.keyId,
    updatedAt: now,
  });
  await repo.insertMessageEvent(tx.db, { messageId: id, status: 'Queued', detail: 'Accepted by the API', at: now });
  // no carrier is configured in this installation: the sandbox delivers every message
  await enqueue(tx, simulateDeliveryJob, { id }, { delaySeconds: 1 });
  const row = await repo.messageById(tx.db, id);
  return toApiMessage(tx, row as ApiMessageRow);
}

/**
 * The sandbox carrier: Queued → Sent → Delivered, or Failed for the documented failing numbers
 * (+1 500 555 0001 to 0009). Each step is a delivery event; the final one fires the webhooks.
 */
export async function simulateDelivery(ctx: Ctx, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const m = await repo.messageById(tx.db, id);
    if (m?.status !== 'Queued') return;
    const now = new Date();
    const failed = SANDBOX_FAILING_NUMBERS.test(m.toNumber);
    await repo.insertMessageEvent(tx.db, { messageId: id, status: 'Sent', detail: 'Handed to the sandbox carrier', at: now });
    const final = failed ? 'Failed' : 'Delivered';
    await repo.insertMessageEvent(tx.db, {
      messageId: id,
      status: final,
      detail: failed ? 'Unreachable destination (sandbox failing number)' : 'Delivered to the handset',
      at: new Date(now.getTime() + 1),
    });
    await repo.setMessageStatus(tx.db, id, final, failed ? 0 : undefined);
    const after = await repo.messageById(tx.db, id);
    await emitWebhookEvent(tx, {
      customerId: m.customerId,
      accountId: m.accountId,
      event: failed ? 'message.failed' : 'message.delivered',
      payload: await toApiMessage(tx, after as ApiMessageRow),
      requestId: m.requestId,
    });
  });
}
