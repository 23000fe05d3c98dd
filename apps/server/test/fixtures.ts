import { and, asc, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.ts';
import {
  accountServices,
  accounts,
  apiKeys,
  brands,
  campaigns,
  customers,
  dncEntries,
  invoices,
  ipAddresses,
  knowledgeArticles,
  messageTemplates,
  notifications,
  optOuts,
  paymentMethods,
  phoneNumbers,
  platformTokens,
  portingDocuments,
  portingRequests,
  rateDecks,
  reportFiles,
  reportSchedules,
  serviceStatus,
  ticketAttachments,
  ticketLinks,
  tickets,
  trunks,
  users,
  webhookDeliveries,
  webhooks,
} from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { ROLE_USERS } from './client.ts';

/** One tenant's seeded records, the first of each kind (by a stable order). */
export interface TenantFixtures {
  customer: { id: string; name: string; code: string };
  /** The tenant's live accounts, by name; `account` is the first. */
  accounts: { id: string; name: string }[];
  account: string;
  /** A service of one of the tenant's accounts, with its account. */
  service: { accountId: string; id: string };
  /** An assigned number of the tenant. */
  number: string;
  trunk: string;
  porting: string;
  /** A document of a porting request of the tenant, with its request. */
  portingDocument: { requestId: string; id: string };
  /** A notification of the tenant's customer admin (customer@ / other@). */
  notification: string;
  /** A registered 382 Network IP of the tenant. */
  ipAddress: string;
  /** A user of the tenant's company who never signs in as a test caller (edits cannot lock a caller out). */
  user: string;
  /** A support ticket of the tenant. */
  ticket: string;
  /** An open incident on the status page (the provider's, the same for every tenant). */
  incident: string;
  /** A public knowledge base article (shared). */
  article: string;
  /** A DNC/DNO entry of the tenant. */
  dncEntry: string;
  /** A 10DLC brand, campaign, message template and opt-out of the tenant. */
  brand: string;
  campaign: string;
  template: string;
  optOut: string;
  /** An active API key of the tenant. */
  apiKey: string;
  /** A webhook of the tenant and a delivery of it. */
  webhook: string;
  webhookDelivery: string;
  /** A Due or Overdue invoice of the tenant, a payment method that is not its default, and its contract rate deck. */
  invoice: string;
  paymentMethod: string;
  rateDeck: string;
  /** A platform token (the provider's, the same for every tenant: staff Admin only). */
  platformToken: string;
  // support files
  /** A file (not internal) and a linked record (the tenant's number) of the tenant's `ticket`. */
  ticketAttachment: string;
  ticketLink: string;
  // report exports
  /** A Ready report file of the tenant's customer admin (customer@ / other@), the token of its link, and a schedule of the tenant. */
  reportFile: string;
  reportFileToken: string;
  reportSchedule: string;
}

export interface Fixtures {
  /** CUST-1001 Acme: the tenant of customer@example.com and user@example.com. */
  acme: TenantFixtures;
  /** CUST-1002: the tenant of other@example.com. */
  other: TenantFixtures;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The seed has no ${what}`);
  return value;
}

type IdTable = PgTable & { id: AnyPgColumn };

/** The id of `table`'s first row by `order` where `where` holds (the seed must have one; `what` names it). */
async function firstId(db: Db, table: IdTable, where: SQL | undefined, order: AnyPgColumn, what: string): Promise<string> {
  const [row] = await db.select({ id: table.id }).from(table).where(where).orderBy(asc(order)).limit(1);
  return need(row, what).id as string;
}

async function tenant(db: Db, code: string, adminEmail: string): Promise<TenantFixtures> {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, code: customers.customerCode })
    .from(customers)
    .where(eq(customers.customerCode, code));
  const c = need(customer, `customer ${code}`);
  const accountRows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.customerId, c.id), isNull(accounts.deletedAt)))
    .orderBy(asc(accounts.name), asc(accounts.id));
  const account = need(accountRows[0], `account of ${code}`).id;
  const accountIds = accountRows.map((a) => a.id);
  const [service] = await db
    .select({ id: accountServices.id, accountId: accountServices.accountId })
    .from(accountServices)
    .where(inArray(accountServices.accountId, accountIds))
    .orderBy(asc(accountServices.id))
    .limit(1);
  const one = (table: IdTable, where: SQL | undefined, order: AnyPgColumn, what: string) => firstId(db, table, where, order, what);
  const number = await one(phoneNumbers, eq(phoneNumbers.customerId, c.id), phoneNumbers.number, `number of ${code}`);
  const trunk = await one(trunks, eq(trunks.customerId, c.id), trunks.id, `trunk of ${code}`);
  const porting = await one(
    portingRequests,
    eq(portingRequests.customerId, c.id),
    portingRequests.requestCode,
    `porting request of ${code}`,
  );
  const ip = await one(ipAddresses, eq(ipAddresses.customerId, c.id), ipAddresses.ipAddress, `registered IP of ${code}`);
  const callers = Object.values(ROLE_USERS).map((u) => u.email as string);
  const user = await one(
    users,
    and(eq(users.customerId, c.id), notInArray(users.email, callers)),
    users.email,
    `non-caller user of ${code}`,
  );
  const ticket = await one(tickets, eq(tickets.customerId, c.id), tickets.ticketCode, `ticket of ${code}`);
  const openIncident = and(eq(serviceStatus.status, 'Degraded Performance'), isNull(serviceStatus.resolvedAt));
  const incident = await one(serviceStatus, openIncident, serviceStatus.startedAt, 'open incident');
  const article = await one(knowledgeArticles, eq(knowledgeArticles.published, true), knowledgeArticles.title, 'public article');
  const dncEntry = await one(dncEntries, eq(dncEntries.customerId, c.id), dncEntries.number, `DNC/DNO entry of ${code}`);
  const ofTenant = (table: typeof brands | typeof campaigns | typeof messageTemplates | typeof optOuts, what: string) =>
    one(table, eq(table.customerId, c.id), table.id, `${what} of ${code}`);
  const brand = await ofTenant(brands, 'brand');
  const campaign = await ofTenant(campaigns, 'campaign');
  const template = await ofTenant(messageTemplates, 'message template');
  const optOut = await ofTenant(optOuts, 'opt-out');
  const [document] = await db
    .select({ id: portingDocuments.id, requestId: portingDocuments.requestId })
    .from(portingDocuments)
    .innerJoin(portingRequests, eq(portingRequests.id, portingDocuments.requestId))
    .where(eq(portingRequests.customerId, c.id))
    .orderBy(asc(portingDocuments.id))
    .limit(1);
  const [notification] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.email, adminEmail))
    .orderBy(asc(notifications.id))
    .limit(1);
  const [webhook] = await db
    .select({ id: webhooks.id, deliveryId: webhookDeliveries.id })
    .from(webhooks)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.webhookId, webhooks.id))
    .where(eq(webhooks.customerId, c.id))
    .orderBy(asc(webhooks.id), asc(webhookDeliveries.id))
    .limit(1);
  const hook = need(webhook, `webhook with a delivery of ${code}`);
  const apiKey = await one(
    apiKeys,
    and(eq(apiKeys.customerId, c.id), eq(apiKeys.status, 'Active')),
    apiKeys.id,
    `active API key of ${code}`,
  );
  const dueInvoice = and(eq(invoices.customerId, c.id), inArray(invoices.status, ['Due', 'Overdue']));
  const invoice = await one(invoices, dueInvoice, invoices.invoiceNumber, `due invoice of ${code}`);
  const otherMethod = and(eq(paymentMethods.customerId, c.id), eq(paymentMethods.isDefault, false), isNull(paymentMethods.deletedAt));
  const paymentMethod = await one(paymentMethods, otherMethod, paymentMethods.id, `non-default payment method of ${code}`);
  const [deck] = await db.select({ id: rateDecks.id }).from(rateDecks).where(eq(rateDecks.customerId, c.id)).limit(1);
  const platformToken = await one(platformTokens, undefined, platformTokens.id, 'platform token');
  // support files
  const ticketFiles = await supportFiles(db, ticket, number);
  // report exports
  const reports = await reportExports(db, c.id, code, adminEmail);
  return {
    ...ticketFiles,
    ...reports,
    platformToken,
    invoice,
    paymentMethod,
    rateDeck: need(deck, `rate deck of ${code}`).id,
    brand,
    campaign,
    template,
    optOut,
    apiKey,
    webhook: hook.id,
    webhookDelivery: hook.deliveryId,
    customer: c,
    accounts: accountRows,
    account,
    service: need(service, `account service of ${code}`),
    number,
    trunk,
    porting,
    portingDocument: need(document, `porting document of ${code}`),
    notification: need(notification, `notification of ${adminEmail}`).id,
    ipAddress: ip,
    user,
    ticket,
    incident,
    article,
    dncEntry,
  };
}

// support files
/**
 * A file and a linked record of the ticket: the seed has none, so the first load adds them (a
 * small PDF, a link to the tenant's number) to the test file's own database.
 */
async function supportFiles(db: Db, ticketId: string, numberId: string) {
  const [file] = await db
    .select({ id: ticketAttachments.id })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .limit(1);
  const [link] = await db.select({ id: ticketLinks.id }).from(ticketLinks).where(eq(ticketLinks.ticketId, ticketId)).limit(1);
  const [number] = await db.select({ number: phoneNumbers.number }).from(phoneNumbers).where(eq(phoneNumbers.id, numberId));
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const ticketAttachment =
    file?.id ??
    (
      await db
        .insert(ticketAttachments)
        .values({ ticketId, fileName: 'probe.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, content: pdf })
        .returning({ id: ticketAttachments.id })
    )[0]?.id;
  const ticketLink =
    link?.id ??
    (
      await db
        .insert(ticketLinks)
        .values({ ticketId, kind: 'number', recordId: numberId, label: need(number, 'fixture number').number })
        .returning({ id: ticketLinks.id })
    )[0]?.id;
  return { ticketAttachment: need(ticketAttachment, 'ticket attachment'), ticketLink: need(ticketLink, 'ticket link') };
}

// report exports
/**
 * A file (Ready, a week to go, owned by the tenant's customer admin) and a schedule of the tenant:
 * the seed has none, so the first load adds them. The fixture's token is its own (the download
 * looks a file up by the token's hash).
 */
async function reportExports(db: Db, customerId: string, code: string, adminEmail: string) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  const userId = need(admin, `user ${adminEmail}`).id;
  const reportFileToken = `probe-report-link-${code}`;
  const [file] = await db
    .select({ id: reportFiles.id })
    .from(reportFiles)
    .where(eq(reportFiles.tokenHash, sha256(reportFileToken)));
  const content = Buffer.from('Report\r\nField,Value\r\n');
  const reportFile =
    file?.id ??
    (
      await db
        .insert(reportFiles)
        .values({
          userId,
          customerId,
          name: 'report-overview-probe.csv',
          format: 'csv',
          state: 'Ready',
          request: { kind: 'probe' },
          tokenHash: sha256(reportFileToken),
          content,
          bytes: content.length,
          rows: 0,
          expiresAt: new Date(Date.now() + 7 * 86_400_000),
        })
        .returning({ id: reportFiles.id })
    )[0]?.id;
  const [schedule] = await db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(eq(reportSchedules.customerId, customerId))
    .orderBy(asc(reportSchedules.createdAt))
    .limit(1);
  const reportSchedule =
    schedule?.id ??
    (
      await db
        .insert(reportSchedules)
        .values({
          customerId,
          createdById: userId,
          name: 'Probe weekly overview',
          frequency: 'weekly',
          format: 'csv',
          recipients: [adminEmail],
          nextRunAt: new Date(Date.now() + 7 * 86_400_000),
        })
        .returning({ id: reportSchedules.id })
    )[0]?.id;
  return { reportFile: need(reportFile, 'report file'), reportFileToken, reportSchedule: need(reportSchedule, 'report schedule') };
}

/** The demo tenants' records, read once per test file from its database. */
export async function loadFixtures(db: Db): Promise<Fixtures> {
  return {
    acme: await tenant(db, 'CUST-1001', ROLE_USERS['customer:admin'].email),
    other: await tenant(db, 'CUST-1002', ROLE_USERS['other:customer:admin'].email),
  };
}
