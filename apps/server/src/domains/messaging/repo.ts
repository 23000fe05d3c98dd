import type {
  TListBrandsQuery,
  TListCampaignsQuery,
  TListOptOutsQuery,
  TListTemplatesQuery,
  TMessageFilters,
} from '@portal/contract/messaging';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  brands,
  campaignEvents,
  campaigns,
  customers,
  messageEvents,
  messages,
  messageTemplates,
  optOuts,
  phoneNumbers,
  users,
} from '../../db/schema/index.ts';
import { formulaSafeSql } from '../../lib/export.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { afterKey, param, type Statement, type TimeKey } from '../../lib/sql-statement.ts';

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
    q.search ? or(ilike(brands.name, likePattern(q.search)), ilike(brands.legalName, likePattern(q.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .innerJoin(customers, eq(customers.id, brands.customerId))
      .where(where)
      .orderBy(desc(brands.createdAt), desc(brands.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(brands).innerJoin(customers, eq(customers.id, brands.customerId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
    q.search
      ? or(
          ilike(campaigns.name, likePattern(q.search)),
          ilike(campaigns.campaignCode, likePattern(q.search)),
          ilike(brands.name, likePattern(q.search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    campaignsFrom(db).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(campaigns)
      .innerJoin(customers, eq(customers.id, campaigns.customerId))
      .innerJoin(accounts, eq(accounts.id, campaigns.accountId))
      .innerJoin(brands, eq(brands.id, campaigns.brandId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
    q.search ? or(ilike(messageTemplates.name, likePattern(q.search)), ilike(messageTemplates.body, likePattern(q.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(templateColumns)
      .from(messageTemplates)
      .innerJoin(customers, eq(customers.id, messageTemplates.customerId))
      .leftJoin(accounts, eq(accounts.id, messageTemplates.accountId))
      .where(where)
      .orderBy(desc(messageTemplates.lastModified), desc(messageTemplates.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(messageTemplates).innerJoin(customers, eq(customers.id, messageTemplates.customerId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
  const [rows, [total]] = await Promise.all([
    db
      .select(optOutColumns)
      .from(optOuts)
      .innerJoin(accounts, eq(accounts.id, optOuts.accountId))
      .where(where)
      .orderBy(desc(optOuts.createdAt), desc(optOuts.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(optOuts).innerJoin(accounts, eq(accounts.id, optOuts.accountId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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

// ---------------------------------------------------------------------------------------------
// The compliance cards

/** Local SMS numbers in scope held by no approved campaign. */
export async function unlinkedSmsNumbers(db: DbOrTx, scope: Scope, limit: number) {
  const where = and(
    isNull(accounts.deletedAt),
    eq(phoneNumbers.type, 'DID'),
    sql`'SMS' = ANY(${phoneNumbers.features})`,
    scope.customerId ? eq(phoneNumbers.customerId, scope.customerId) : sql`${phoneNumbers.customerId} IS NOT NULL`,
    scope.accountId ? eq(phoneNumbers.accountId, scope.accountId) : undefined,
  );
  const unlinked = and(
    where,
    or(
      isNull(phoneNumbers.campaignId),
      sql`NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = ${phoneNumbers.campaignId} AND c.status = 'Approved')`,
    ),
  );
  const [rows, [all], [none]] = await Promise.all([
    db
      .select({ id: phoneNumbers.id, number: phoneNumbers.number, accountName: accounts.name })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .where(unlinked)
      .orderBy(phoneNumbers.number)
      .limit(limit),
    db.select({ n: count() }).from(phoneNumbers).innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId)).where(where),
    db.select({ n: count() }).from(phoneNumbers).innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId)).where(unlinked),
  ]);
  return { rows, smsNumbers: all?.n ?? 0, unlinkedTotal: none?.n ?? 0 };
}

export async function approvedCampaignCount(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'Approved'),
        scope.customerId ? eq(campaigns.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(campaigns.accountId, scope.accountId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Opt-outs in scope, and outbound messages accepted for an opted-out number after it opted out (since `since`). */
export async function optOutHealth(db: DbOrTx, scope: Scope, since: Date) {
  const cond = and(
    scope.customerId ? eq(optOuts.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(optOuts.accountId, scope.accountId) : undefined,
  );
  const [[all], [breaches]] = await Promise.all([
    db.select({ n: count() }).from(optOuts).where(cond),
    db
      .select({ n: count() })
      .from(optOuts)
      .innerJoin(
        messages,
        and(
          eq(messages.accountId, optOuts.accountId),
          eq(messages.toNumber, optOuts.number),
          eq(messages.direction, 'Outbound'),
          sql`${messages.sentAt} > ${optOuts.createdAt}`,
          sql`${messages.sentAt} >= ${since.toISOString()}::timestamptz`,
        ),
      )
      .where(cond),
  ]);
  return { optOuts: all?.n ?? 0, sentToOptedOut: breaches?.n ?? 0 };
}

export async function purgeMessagesBefore(tx: DbOrTx, cutoff: Date) {
  const rows = await tx.delete(messages).where(lt(messages.sentAt, cutoff)).returning({ id: messages.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Messages: hand-written SQL, like the CDRs (one statement for the page, the chunks and COPY).

export interface MessageCriteria {
  customerId: string | null;
  accountId: string | null;
  filters: TMessageFilters;
  since?: Date | undefined;
  until?: Date | undefined;
}

function messageWhere(c: MessageCriteria, params: unknown[]): string {
  const p = (v: unknown) => param(params, v);
  const f = c.filters;
  const parts: string[] = [];
  if (c.accountId) parts.push(`m.account_id = ${p(c.accountId)}::uuid`);
  if (c.customerId) parts.push(`m.customer_id = ${p(c.customerId)}::uuid`);
  if (c.since) parts.push(`m.sent_at >= ${p(c.since.toISOString())}::timestamptz`);
  if (c.until) parts.push(`m.sent_at < ${p(c.until.toISOString())}::timestamptz`);
  if (f.status) parts.push(`m.status = ${p(f.status)}`);
  if (f.type) parts.push(`m.type = ${p(f.type)}`);
  if (f.direction) parts.push(`m.direction = ${p(f.direction)}`);
  if (f.from) parts.push(`m.from_number LIKE ${p(likePattern(f.from))}`);
  if (f.to) parts.push(`m.to_number LIKE ${p(likePattern(f.to))}`);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

export function messagePageStatement(c: MessageCriteria, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params) + afterKey(params, 'm.sent_at', 'm.id', after);
  const lim = param(params, limit + 1);
  return {
    text: `SELECT m.id::text AS id, m.message_id, m.account_id, a.name AS account_name, m.from_number, m.to_number, m.type,
       m.direction, m.status, m.segments, m.cost::text AS cost, m.sent_at
FROM (SELECT * FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC LIMIT ${lim}) m
JOIN accounts a ON a.id = m.account_id
ORDER BY m.sent_at DESC, m.id DESC`,
    params,
  };
}

function messageExportSelect(tzParam: string): string {
  return `to_char(m.sent_at AT TIME ZONE ${tzParam}, 'YYYY-MM-DD HH24:MI:SS') AS "Date/Time",
  ${formulaSafeSql('m.message_id')} AS "Message ID", ${formulaSafeSql('(SELECT a.name FROM accounts a WHERE a.id = m.account_id)')} AS "Account",
  m.from_number AS "From", m.to_number AS "To", m.type AS "Type", m.direction AS "Direction", m.status AS "Status",
  m.segments AS "Segments", m.cost AS "Cost (USD)"`;
}

export function messageExportStatement(c: MessageCriteria, timeZone: string): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params);
  const tz = param(params, timeZone);
  return { text: `SELECT ${messageExportSelect(tz)} FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC`, params };
}

export function messageExportChunkStatement(c: MessageCriteria, timeZone: string, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params) + afterKey(params, 'm.sent_at', 'm.id', after);
  const tz = param(params, timeZone);
  const lim = param(params, limit);
  return {
    text: `SELECT ${messageExportSelect(tz)}, m.sent_at AS key_at, m.id::text AS key_id
FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC LIMIT ${lim}`,
    params,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** A number of the account that may send: its type and the campaign it sends under. */
export async function senderNumber(db: DbOrTx, accountId: string, number: string) {
  const [row] = await db
    .select({
      id: phoneNumbers.id,
      type: phoneNumbers.type,
      features: phoneNumbers.features,
      campaignId: phoneNumbers.campaignId,
      campaignStatus: campaigns.status,
    })
    .from(phoneNumbers)
    .leftJoin(campaigns, eq(campaigns.id, phoneNumbers.campaignId))
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.number, number)));
  return row;
}

export async function insertMessage(tx: DbOrTx, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
  return (row as { id: number }).id;
}

export async function insertMessageEvent(tx: DbOrTx, values: typeof messageEvents.$inferInsert) {
  await tx.insert(messageEvents).values(values);
}

export async function setMessageStatus(tx: DbOrTx, id: number, status: (typeof messages.$inferInsert)['status'], cost?: number) {
  await tx
    .update(messages)
    .set({ status, updatedAt: new Date(), ...(cost === undefined ? {} : { cost }) })
    .where(eq(messages.id, id));
}

const apiMessageColumns = {
  id: messages.id,
  messageId: messages.messageId,
  customerId: messages.customerId,
  accountId: messages.accountId,
  fromNumber: messages.fromNumber,
  toNumber: messages.toNumber,
  body: messages.body,
  type: messages.type,
  direction: messages.direction,
  status: messages.status,
  segments: messages.segments,
  cost: messages.cost,
  campaignId: messages.campaignId,
  requestId: messages.requestId,
  sentAt: messages.sentAt,
};

export async function messageByPublicId(db: DbOrTx, messageId: string, scope: { customerId: string | null; accountId: string | null }) {
  const [row] = await db
    .select(apiMessageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.messageId, messageId),
        scope.customerId ? eq(messages.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(messages.accountId, scope.accountId) : undefined,
      ),
    );
  return row;
}

export async function messageById(db: DbOrTx, id: number) {
  const [row] = await db.select(apiMessageColumns).from(messages).where(eq(messages.id, id));
  return row;
}

export async function eventsOf(db: DbOrTx, id: number) {
  return db
    .select({ status: messageEvents.status, detail: messageEvents.detail, at: messageEvents.at })
    .from(messageEvents)
    .where(eq(messageEvents.messageId, id))
    .orderBy(messageEvents.at, messageEvents.id);
}
