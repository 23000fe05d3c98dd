import type { TListBrandsQuery, TListCampaignsQuery, TListTemplatesQuery } from '@portal/contract/messaging';
import type { TListOptOutsQuery } from '@portal/contract/messaging-consent';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  brands,
  campaignEvents,
  campaigns,
  customers,
  messages,
  messageTemplates,
  optOuts,
  phoneNumbers,
  users,
} from '../../db/schema/index.ts';
import { containsAny, likePattern, readPage } from '../../lib/paging.ts';

type Scope = { customerId: string | null; accountId?: string | null };
const live = (scope: Scope, customerColumn: AnyColumn) =>
  and(isNull(customers.deletedAt), scope.customerId ? eq(customerColumn, scope.customerId) : undefined);

// ---------------------------------------------------------------------------------------------
// Brands

const brandColumns = {
  id: brands.id,
  customerId: brands.customerId,
  customerName: customers.name,
  name: brands.name,
  brandCode: brands.brandCode,
  legalName: brands.legalName,
  taxId: brands.taxId,
  entityType: brands.entityType,
  vertical: brands.vertical,
  website: brands.website,
  supportEmail: brands.supportEmail,
  supportPhone: brands.supportPhone,
  street: brands.street,
  city: brands.city,
  state: brands.state,
  postalCode: brands.postalCode,
  description: brands.description,
  status: brands.status,
  rejectionReason: brands.rejectionReason,
  rejectionField: brands.rejectionField,
  campaigns: sql<number>`(SELECT count(*)::int FROM campaigns c WHERE c.brand_id = ${brands.id})`,
  createdAt: brands.createdAt,
  updatedAt: brands.updatedAt,
};

export async function listBrands(db: DbOrTx, scope: Scope, q: TListBrandsQuery) {
  const where = and(
    live(scope, brands.customerId),
    q.status ? eq(brands.status, q.status) : undefined,
    containsAny(q.search, brands.name, brands.legalName),
  );
  return readPage(
    q,
    db
      .select(brandColumns)
      .from(brands)
      .innerJoin(customers, eq(customers.id, brands.customerId))
      .where(where)
      .orderBy(desc(brands.createdAt), desc(brands.id)),
    db.select({ n: count() }).from(brands).innerJoin(customers, eq(customers.id, brands.customerId)).where(where),
  );
}

export async function brandById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select(brandColumns)
    .from(brands)
    .innerJoin(customers, eq(customers.id, brands.customerId))
    .where(and(eq(brands.id, id), live({ customerId: scopeCustomerId }, brands.customerId)));
  return row;
}

export async function insertBrand(tx: DbOrTx, values: typeof brands.$inferInsert) {
  const [row] = await tx.insert(brands).values(values).returning({ id: brands.id });
  return row as { id: string };
}

export async function updateBrand(tx: DbOrTx, id: string, set: Partial<typeof brands.$inferInsert>) {
  await tx.update(brands).set(set).where(eq(brands.id, id));
}

export async function brandCodeTaken(db: DbOrTx, code: string) {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.brandCode, code));
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Campaigns

const campaignColumns = {
  id: campaigns.id,
  campaignCode: campaigns.campaignCode,
  customerId: campaigns.customerId,
  customerName: customers.name,
  accountId: campaigns.accountId,
  accountName: accounts.name,
  brandId: campaigns.brandId,
  brandName: brands.name,
  name: campaigns.name,
  useCase: campaigns.useCase,
  description: campaigns.description,
  status: campaigns.status,
  rejectionReason: campaigns.rejectionReason,
  numbers: sql<number>`(SELECT count(*)::int FROM phone_numbers n WHERE n.campaign_id = ${campaigns.id})`,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
};

function campaignsFrom(db: DbOrTx) {
  return db
    .select(campaignColumns)
    .from(campaigns)
    .innerJoin(customers, eq(customers.id, campaigns.customerId))
    .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
    .innerJoin(brands, eq(brands.id, campaigns.brandId));
}

export async function listCampaigns(db: DbOrTx, scope: Scope, q: TListCampaignsQuery) {
  const where = and(
    live(scope, campaigns.customerId),
    isNull(accounts.deletedAt),
    scope.accountId ? eq(campaigns.accountId, scope.accountId) : undefined,
    q.status ? eq(campaigns.status, q.status) : undefined,
    containsAny(q.search, campaigns.name, campaigns.campaignCode, brands.name),
  );
  return readPage(
    q,
    campaignsFrom(db).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
    db
      .select({ n: count() })
      .from(campaigns)
      .innerJoin(customers, eq(customers.id, campaigns.customerId))
      .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
      .innerJoin(brands, eq(brands.id, campaigns.brandId))
      .where(where),
  );
}

/** Sent and delivered counts from the message records (the partial campaign index). */
export async function campaignCounts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { sent: number; delivered: number }>();
  const rows = await db
    .select({
      id: messages.campaignId,
      sent: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) FILTER (WHERE ${messages.status} = 'Delivered'))::int`,
    })
    .from(messages)
    .where(inArray(messages.campaignId, ids))
    .groupBy(messages.campaignId);
  return new Map(rows.map((r) => [r.id as string, { sent: r.sent, delivered: r.delivered }]));
}

export async function campaignById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select({
      ...campaignColumns,
      messageFlow: campaigns.messageFlow,
      sampleMessages: campaigns.sampleMessages,
      optInKeywords: campaigns.optInKeywords,
      optInMessage: campaigns.optInMessage,
      optOutKeywords: campaigns.optOutKeywords,
      optOutMessage: campaigns.optOutMessage,
      helpKeywords: campaigns.helpKeywords,
      helpMessage: campaigns.helpMessage,
      embeddedLinks: campaigns.embeddedLinks,
      embeddedPhone: campaigns.embeddedPhone,
      numberPooling: campaigns.numberPooling,
      ageGated: campaigns.ageGated,
      directLending: campaigns.directLending,
    })
    .from(campaigns)
    .innerJoin(customers, eq(customers.id, campaigns.customerId))
    .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(and(eq(campaigns.id, id), isNull(accounts.deletedAt), live({ customerId: scopeCustomerId }, campaigns.customerId)));
  return row;
}

export async function campaignTimeline(db: DbOrTx, campaignId: string) {
  return db
    .select({ id: campaignEvents.id, status: campaignEvents.status, reason: campaignEvents.reason, by: users.name, at: campaignEvents.at })
    .from(campaignEvents)
    .leftJoin(users, eq(users.id, campaignEvents.byUserId))
    .where(eq(campaignEvents.campaignId, campaignId))
    .orderBy(campaignEvents.at, campaignEvents.id);
}

export async function insertCampaign(tx: DbOrTx, values: typeof campaigns.$inferInsert) {
  const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row as { id: string };
}

export async function updateCampaign(tx: DbOrTx, id: string, set: Partial<typeof campaigns.$inferInsert>) {
  await tx.update(campaigns).set(set).where(eq(campaigns.id, id));
}

export async function insertCampaignEvent(tx: DbOrTx, values: typeof campaignEvents.$inferInsert) {
  await tx.insert(campaignEvents).values(values);
}

export async function campaignCodeTaken(db: DbOrTx, code: string) {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.campaignCode, code));
  return Boolean(row);
}

/** Every local SMS number of the account, with the campaign holding it. */
export async function accountSmsNumbers(db: DbOrTx, accountId: string) {
  return db
    .select({ id: phoneNumbers.id, number: phoneNumbers.number, campaignId: phoneNumbers.campaignId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.type, 'DID'), sql`'SMS' = ANY(${phoneNumbers.features})`))
    .orderBy(phoneNumbers.number);
}

export async function setCampaignNumbers(tx: DbOrTx, campaignId: string, numberIds: string[]) {
  await tx.update(phoneNumbers).set({ campaignId: null }).where(eq(phoneNumbers.campaignId, campaignId));
  if (numberIds.length) await tx.update(phoneNumbers).set({ campaignId }).where(inArray(phoneNumbers.id, numberIds));
}

// ---------------------------------------------------------------------------------------------
// Templates

const templateColumns = {
  id: messageTemplates.id,
  customerId: messageTemplates.customerId,
  customerName: customers.name,
  accountId: messageTemplates.accountId,
  accountName: accounts.name,
  name: messageTemplates.name,
  type: messageTemplates.type,
  body: messageTemplates.body,
  status: messageTemplates.status,
  createdAt: messageTemplates.createdAt,
  lastModified: messageTemplates.lastModified,
};

export async function listTemplates(db: DbOrTx, scope: Scope, q: TListTemplatesQuery) {
  const where = and(
    live(scope, messageTemplates.customerId),
    // a template for the whole company serves each of its accounts
    scope.accountId ? or(eq(messageTemplates.accountId, scope.accountId), isNull(messageTemplates.accountId)) : undefined,
    q.status ? eq(messageTemplates.status, q.status) : undefined,
    q.type ? eq(messageTemplates.type, q.type) : undefined,
    containsAny(q.search, messageTemplates.name, messageTemplates.body),
  );
  return readPage(
    q,
    db
      .select(templateColumns)
      .from(messageTemplates)
      .innerJoin(customers, eq(customers.id, messageTemplates.customerId))
      .leftJoin(accounts, eq(accounts.id, messageTemplates.accountId))
      .where(where)
      .orderBy(desc(messageTemplates.lastModified), desc(messageTemplates.id)),
    db.select({ n: count() }).from(messageTemplates).innerJoin(customers, eq(customers.id, messageTemplates.customerId)).where(where),
  );
}

export async function templateById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select(templateColumns)
    .from(messageTemplates)
    .innerJoin(customers, eq(customers.id, messageTemplates.customerId))
    .leftJoin(accounts, eq(accounts.id, messageTemplates.accountId))
    .where(and(eq(messageTemplates.id, id), live({ customerId: scopeCustomerId }, messageTemplates.customerId)));
  return row;
}

export async function insertTemplate(tx: DbOrTx, values: typeof messageTemplates.$inferInsert) {
  const [row] = await tx.insert(messageTemplates).values(values).returning({ id: messageTemplates.id });
  return row as { id: string };
}

export async function updateTemplate(tx: DbOrTx, id: string, set: Partial<typeof messageTemplates.$inferInsert>) {
  await tx.update(messageTemplates).set(set).where(eq(messageTemplates.id, id));
}

export async function deleteTemplate(tx: DbOrTx, id: string) {
  await tx.delete(messageTemplates).where(eq(messageTemplates.id, id));
}

export async function accountPrices(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ smsSegmentPrice: accounts.smsSegmentPrice, mmsMessagePrice: accounts.mmsMessagePrice })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Opt-outs

const optOutColumns = {
  id: optOuts.id,
  customerId: optOuts.customerId,
  accountId: optOuts.accountId,
  accountName: accounts.name,
  number: optOuts.number,
  keyword: optOuts.keyword,
  source: optOuts.source,
  createdAt: optOuts.createdAt,
};

export async function listOptOuts(db: DbOrTx, scope: Scope, q: TListOptOutsQuery) {
  const digits = q.search?.replace(/\D/g, '');
  const where = and(
    isNull(accounts.deletedAt),
    scope.customerId ? eq(optOuts.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(optOuts.accountId, scope.accountId) : undefined,
    digits ? ilike(optOuts.number, likePattern(digits)) : undefined,
  );
  return readPage(
    q,
    db
      .select(optOutColumns)
      .from(optOuts)
      .innerJoin(accounts, eq(accounts.id, optOuts.accountId))
      .where(where)
      .orderBy(desc(optOuts.createdAt), desc(optOuts.id)),
    db.select({ n: count() }).from(optOuts).innerJoin(accounts, eq(accounts.id, optOuts.accountId)).where(where),
  );
}

export async function optOutById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select(optOutColumns)
    .from(optOuts)
    .innerJoin(accounts, eq(accounts.id, optOuts.accountId))
    .where(and(eq(optOuts.id, id), isNull(accounts.deletedAt), scopeCustomerId ? eq(optOuts.customerId, scopeCustomerId) : undefined));
  return row;
}

export async function optOutOf(db: DbOrTx, accountId: string, number: string) {
  const [row] = await db
    .select({ id: optOuts.id })
    .from(optOuts)
    .where(and(eq(optOuts.accountId, accountId), eq(optOuts.number, number)));
  return row;
}

export async function insertOptOut(tx: DbOrTx, values: typeof optOuts.$inferInsert) {
  const [row] = await tx.insert(optOuts).values(values).onConflictDoNothing().returning({ id: optOuts.id });
  return row;
}

export async function deleteOptOut(tx: DbOrTx, id: string) {
  await tx.delete(optOuts).where(eq(optOuts.id, id));
}

export * from './record-repo.ts';
