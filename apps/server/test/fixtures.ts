import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
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
  const [number] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.customerId, c.id))
    .orderBy(asc(phoneNumbers.number))
    .limit(1);
  const [trunk] = await db.select({ id: trunks.id }).from(trunks).where(eq(trunks.customerId, c.id)).orderBy(asc(trunks.id)).limit(1);
  const [porting] = await db
    .select({ id: portingRequests.id })
    .from(portingRequests)
    .where(eq(portingRequests.customerId, c.id))
    .orderBy(asc(portingRequests.requestCode))
    .limit(1);
  const [document] = await db
    .select({ id: portingDocuments.id, requestId: portingDocuments.requestId })
    .from(portingDocuments)
    .innerJoin(portingRequests, eq(portingRequests.id, portingDocuments.requestId))
    .where(eq(portingRequests.customerId, c.id))
    .orderBy(asc(portingDocuments.id))
    .limit(1);
  const [ip] = await db
    .select({ id: ipAddresses.id })
    .from(ipAddresses)
    .where(eq(ipAddresses.customerId, c.id))
    .orderBy(asc(ipAddresses.ipAddress))
    .limit(1);
  const [notification] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.email, adminEmail))
    .orderBy(asc(notifications.id))
    .limit(1);
  const callers = Object.values(ROLE_USERS).map((u) => u.email as string);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, c.id), notInArray(users.email, callers)))
    .orderBy(asc(users.email))
    .limit(1);
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.customerId, c.id))
    .orderBy(asc(tickets.ticketCode))
    .limit(1);
  const [incident] = await db
    .select({ id: serviceStatus.id })
    .from(serviceStatus)
    .where(and(eq(serviceStatus.status, 'Degraded Performance'), isNull(serviceStatus.resolvedAt)))
    .orderBy(asc(serviceStatus.startedAt))
    .limit(1);
  const [article] = await db
    .select({ id: knowledgeArticles.id })
    .from(knowledgeArticles)
    .where(eq(knowledgeArticles.published, true))
    .orderBy(asc(knowledgeArticles.title))
    .limit(1);
  const [dnc] = await db
    .select({ id: dncEntries.id })
    .from(dncEntries)
    .where(eq(dncEntries.customerId, c.id))
    .orderBy(asc(dncEntries.number))
    .limit(1);
  const first = async (table: typeof brands | typeof campaigns | typeof messageTemplates | typeof optOuts, what: string) => {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.customerId, c.id)).orderBy(asc(table.id)).limit(1);
    return need(row, `${what} of ${code}`).id;
  };
  const brand = await first(brands, 'brand');
  const campaign = await first(campaigns, 'campaign');
  const template = await first(messageTemplates, 'message template');
  const optOut = await first(optOuts, 'opt-out');
  const [webhook] = await db
    .select({ id: webhooks.id, deliveryId: webhookDeliveries.id })
    .from(webhooks)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.webhookId, webhooks.id))
    .where(eq(webhooks.customerId, c.id))
    .orderBy(asc(webhooks.id), asc(webhookDeliveries.id))
    .limit(1);
  const hook = need(webhook, `webhook with a delivery of ${code}`);
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.customerId, c.id), eq(apiKeys.status, 'Active')))
    .orderBy(asc(apiKeys.id))
    .limit(1);
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.customerId, c.id), inArray(invoices.status, ['Due', 'Overdue'])))
    .orderBy(asc(invoices.invoiceNumber))
    .limit(1);
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, c.id), eq(paymentMethods.isDefault, false), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.id))
    .limit(1);
  const [deck] = await db.select({ id: rateDecks.id }).from(rateDecks).where(eq(rateDecks.customerId, c.id)).limit(1);
  const [platformToken] = await db.select({ id: platformTokens.id }).from(platformTokens).orderBy(asc(platformTokens.id)).limit(1);
  // support files
  const ticketId = need(ticket, `ticket of ${code}`).id;
  const numberId = need(number, `number of ${code}`).id;
  const ticketFiles = await supportFiles(db, ticketId, numberId);
  // report exports
  const reports = await reportExports(db, c.id, code, adminEmail);
  return {
    ...ticketFiles,
    ...reports,
    platformToken: need(platformToken, 'platform token').id,
    invoice: need(invoice, `due invoice of ${code}`).id,
    paymentMethod: need(method, `non-default payment method of ${code}`).id,
    rateDeck: need(deck, `rate deck of ${code}`).id,
    brand,
    campaign,
    template,
    optOut,
    apiKey: need(key, `active API key of ${code}`).id,
    webhook: hook.id,
    webhookDelivery: hook.deliveryId,
    customer: c,
    accounts: accountRows,
    account,
    service: need(service, `account service of ${code}`),
    number: need(number, `number of ${code}`).id,
    trunk: need(trunk, `trunk of ${code}`).id,
    porting: need(porting, `porting request of ${code}`).id,
    portingDocument: need(document, `porting document of ${code}`),
    notification: need(notification, `notification of ${adminEmail}`).id,
    ipAddress: need(ip, `registered IP of ${code}`).id,
    user: need(user, `non-caller user of ${code}`).id,
    ticket: need(ticket, `ticket of ${code}`).id,
    incident: need(incident, 'open incident').id,
    article: need(article, 'public article').id,
    dncEntry: need(dnc, `DNC/DNO entry of ${code}`).id,
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
