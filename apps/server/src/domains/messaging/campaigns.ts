import type { TPage } from '@portal/contract/common';
import {
  CAMPAIGN_TRANSITIONS,
  type TCampaign,
  type TCampaignDetail,
  type TCampaignStatus,
  type TListCampaignsQuery,
  type ZCampaignBody,
  type ZCampaignNumbersBody,
  type ZCampaignStatusBody,
} from '@portal/contract/messaging';
import type { z } from 'zod';
import { type Ctx, inTransaction, ownCustomer, userOf } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';
import { iso, newCode, notifyCompany } from './shared.ts';

const audit = auditFor('campaign');

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
    await audit(
      tx,
      'messaging.campaign.create',
      { id, customerId: account.customerId },
      `Submitted campaign ${body.name} (${campaignCode}) for ${brand.name}`,
      { after: { ...campaignValues(body), accountId: account.id, brandId: brand.id, campaignCode } },
    );
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
    await audit(
      tx,
      'messaging.campaign.update',
      before,
      `${before.status === 'Rejected' ? 'Resubmitted' : 'Edited'} campaign ${body.name} (${before.campaignCode})`,
      { before: { ...before, timeline: undefined, linkableNumbers: undefined }, after: campaignValues(body) },
    );
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
    await audit(
      tx,
      'messaging.campaign.status',
      before,
      `Campaign ${before.name} (${before.campaignCode}): ${before.status} → ${body.status}`,
      { before: { status: before.status }, after: { status: body.status, reason: body.reason } },
    );
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
    await audit(
      tx,
      'messaging.campaign.numbers',
      before,
      `Campaign ${before.name} now sends from ${ids.length} number${ids.length === 1 ? '' : 's'}`,
      { before: { numbers: before.linkedNumbers.map((n) => n.number) }, after: { numbers: ids.map((n) => linkable.get(n)) } },
    );
  });
  return getCampaign(ctx, id);
}
