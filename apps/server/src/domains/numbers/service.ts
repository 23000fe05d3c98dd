import {
  isPortingFinal,
  PORTED_NUMBER_FEES,
  PORTING_BYTES_PER_CUSTOMER,
  PORTING_BYTES_PER_REQUEST,
  PORTING_DOCUMENTS_PER_REQUEST,
  PORTING_FINAL_MESSAGE,
  type TAssignNumbersBody,
  type TChangePortingStatusBody,
  type TCreatePortingBody,
  type TInventoryList,
  type TInventoryQuery,
  type TListNumbersQuery,
  type TListPortingQuery,
  type TMoveNumbersBody,
  type TNumberSummary,
  type TPhoneNumber,
  type TPhoneNumberPage,
  type TPortability,
  type TPortingDetail,
  type TPortingPage,
  type TPortingRequest,
  type TRemoveNumbersBody,
  type TUploadPortingDocumentQuery,
} from '@portal/contract/numbers';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer, userOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { type CsvExport, keysetRows } from '../../lib/export.ts';
import { closedAccountError, findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { runStatement } from '../../lib/sql-statement.ts';
import { admitUpload, checkedUpload, fileTooLarge, UPLOAD_MAX_BYTES } from '../../lib/upload.ts';
import { auditFor, recordAudit } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import * as repo from './repo.ts';

const audit = { account: auditFor('account'), portingRequest: auditFor('porting_request') };

type NumberRow = Omit<Awaited<ReturnType<typeof repo.listNumbers>>['rows'][number], 'customerName' | 'accountName'> & {
  customerName: string | null;
  accountName: string | null;
};
const toNumber = (r: NumberRow): TPhoneNumber => ({
  ...r,
  features: r.features ?? [],
  monthlyFee: Number(r.monthlyFee),
  assignedAt: r.assignedAt?.toISOString() ?? null,
});

export async function listNumbers(ctx: Ctx, q: TListNumbersQuery): Promise<TPhoneNumberPage> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listNumbers(ctx.db, scope, q);
  return pageOf(rows.map(toNumber), total, q);
}

/** The cursor of an account's number list: the last number of the page, opaque. */
const numberCursor = {
  encode: (number: string) => Buffer.from(`n${number}`).toString('base64url'),
  decode: (cursor: string | undefined): string => {
    if (!cursor) return '';
    const m = /^n(\+\d{1,20})$/.exec(Buffer.from(cursor, 'base64url').toString());
    if (!m) throw invalid({ cursor: 'This page link is no longer valid; start from the first page' });
    return m[1] as string;
  },
};

/**
 * One account's numbers by number, keyset paged (the public API): one statement a page, whatever
 * the page. For callers held to one customer; an account out of their reach lists nothing.
 */
export async function listAccountNumbers(
  ctx: Ctx,
  q: { accountId: string; cursor?: string | undefined; limit: number },
): Promise<{ items: TPhoneNumber[]; nextCursor: string | null }> {
  const customerId = ownCustomer(ctx);
  if (!customerId) throw notFound('Account');
  const after = numberCursor.decode(q.cursor);
  const rows = await runStatement<NumberRow>(ctx.database, repo.accountNumbersStatement(customerId, q.accountId, after, q.limit + 1));
  const items = rows.slice(0, q.limit).map(toNumber);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > q.limit && last ? numberCursor.encode(last.number) : null };
}

export async function numberSummary(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<TNumberSummary> {
  const scope = await resolveListScope(ctx, q);
  const row = await repo.summary(ctx.db, scope);
  return {
    total: row?.total ?? 0,
    monthlyCost: Math.round(Number(row?.monthlyCost ?? 0) * 100) / 100,
    did: row?.did ?? 0,
    tfn: row?.tfn ?? 0,
    voice: row?.voice ?? 0,
    sms: row?.sms ?? 0,
    fax: row?.fax ?? 0,
  };
}

export const NUMBERS_CSV_HEADER = [
  'Number',
  'Type',
  'Features',
  'Status',
  'Monthly Fee (USD)',
  'Customer',
  'Account',
  'City',
  'State',
  'Assigned',
];

/** The filtered list as CSV, read in keyset chunks by number. */
export async function exportNumbers(ctx: Ctx, q: Omit<TListNumbersQuery, 'page' | 'pageSize'>): Promise<CsvExport> {
  const scope = await resolveListScope(ctx, q);
  const customerView = ownCustomer(ctx) !== null;
  const header = customerView ? NUMBERS_CSV_HEADER.filter((h) => h !== 'Customer') : NUMBERS_CSV_HEADER;
  return {
    fileName: `phone-numbers-${new Date().toISOString().slice(0, 10)}.csv`,
    header,
    rows: keysetRows(
      2000,
      (after: string | null, size) => repo.numbersAfter(ctx.db, scope, q, after, size),
      (r) => r.number,
      (r) => [
        r.number,
        r.type === 'TFN' ? 'Toll-Free' : 'DID',
        (r.features ?? []).join(' '),
        r.status,
        Number(r.monthlyFee).toFixed(2),
        ...(customerView ? [] : [r.customerName]),
        r.accountName,
        r.city,
        r.state,
        r.assignedAt?.toISOString().slice(0, 10) ?? '',
      ],
    ),
  };
}

/** The account numbers go to: in the caller's reach (else the field error `missing`) and neither suspended nor cancelled. */
async function accountTakingNumbers(tx: Ctx, accountId: string, missing = 'Choose an account') {
  const account = await findAccountInScope(tx.db, accountId, ownCustomer(tx));
  if (!account) throw invalid({ accountId: missing });
  const closed = closedAccountError(account);
  if (closed) throw invalid({ accountId: closed });
  return account;
}

/** Moves numbers to another account of the same customer. */
export async function moveNumbers(ctx: Ctx, body: TMoveNumbersBody) {
  return inTransaction(ctx, async (tx) => {
    const target = await accountTakingNumbers(tx, body.accountId, 'Choose an account of this customer');
    const rows = await repo.numbersForChange(tx.db, body.numberIds, ownCustomer(ctx));
    if (rows.length !== body.numberIds.length) throw notFound('Phone number');
    if (rows.some((r) => r.customerId !== target.customerId)) {
      throw invalid({ accountId: 'Numbers can only move to another account of the same customer' });
    }
    const moving = rows.filter((r) => r.accountId !== target.id);
    await repo.moveNumbers(
      tx.db,
      moving.map((r) => r.id),
      target.id,
      new Date(),
    );
    await audit.account(tx, 'numbers.move', target, `Moved ${moving.length} number${moving.length === 1 ? '' : 's'} to ${target.name}`, {
      before: rows.map((r) => ({ number: r.number, accountId: r.accountId })),
      after: { accountId: target.id, numbers: rows.map((r) => r.number) },
    });
    return { count: rows.length };
  });
}

/** Releases numbers back to the provider's inventory. */
export async function removeNumbers(ctx: Ctx, body: TRemoveNumbersBody) {
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.numbersForChange(tx.db, body.numberIds, ownCustomer(ctx));
    if (rows.length !== body.numberIds.length) throw notFound('Phone number');
    await repo.releaseNumbers(tx.db, body.numberIds, new Date());
    const customers = [...new Set(rows.map((r) => r.customerId))];
    await recordAudit(tx, {
      action: 'numbers.remove',
      entityType: 'phone_number',
      customerId: customers.length === 1 ? customers[0] : null,
      summary: `Removed ${rows.length} number${rows.length === 1 ? '' : 's'} to inventory: ${rows
        .map((r) => r.number)
        .slice(0, 10)
        .join(', ')}${rows.length > 10 ? ', ...' : ''}`,
      before: rows,
    });
    return { count: rows.length };
  });
}

export async function searchInventory(ctx: Ctx, q: TInventoryQuery): Promise<TInventoryList> {
  const { rows, total } = await repo.searchInventory(ctx.db, q, q.limit);
  return { items: rows.map(toNumber), total };
}

/** Assigns inventory numbers to an account: staff Add Number, customer Admins Buy Number (their own accounts only). */
export async function assignNumbers(ctx: Ctx, body: TAssignNumbersBody) {
  return inTransaction(ctx, async (tx) => {
    const account = await accountTakingNumbers(tx, body.accountId);
    const rows = await repo.inventoryForChange(tx.db, body.numberIds);
    if (rows.length !== body.numberIds.length) throw conflict('A selected number is no longer available. Search again.');
    // billed from this moment: the monthly fee runs from assigned_at
    await repo.assignNumbers(tx.db, body.numberIds, account, new Date());
    const bought = isCustomerSide(ctx);
    const fee = rows.reduce((sum, r) => sum + Number(r.monthlyFee), 0);
    await audit.account(
      tx,
      bought ? 'numbers.buy' : 'numbers.assign',
      account,
      `${bought ? 'Bought' : 'Added'} ${rows.map((r) => r.number).join(', ')} for ${account.name}`,
      { after: { accountId: account.id, numbers: rows.map((r) => r.number), monthlyFee: fee.toFixed(2) } },
    );
    return { count: rows.length };
  });
}

/**
 * Whether a number can be ported in: we port North American (+1) numbers, geographic and
 * toll-free, that are not already ours and have no open request.
 */
export async function checkPortability(ctx: Ctx, number: string): Promise<TPortability> {
  const auth = userOf(ctx);
  const answer = (portable: boolean, reason: string, type: TPortability['type'] = null): TPortability => ({
    number,
    portable,
    reason,
    type,
  });
  if (!number.startsWith('+1')) {
    return answer(false, 'Only North American (+1) numbers can be ported in; international numbers cannot be ported.');
  }
  if (number.length !== 12) return answer(false, 'A North American number has 10 digits after +1.');
  const npa = number.slice(2, 5);
  const nxx = number.slice(5, 8);
  const tollFree = /^8(00|33|44|55|66|77|88)$/.test(npa);
  if (!/^[2-9]/.test(npa) || /^[2-9]11$/.test(npa) || (!tollFree && /^[2-9]9\d$/.test(npa))) {
    return answer(false, `${npa} is not an assigned area code.`);
  }
  if (!/^[2-9]/.test(nxx) || nxx === '555') return answer(false, `${nxx} is not a valid exchange for a portable number.`);
  const type = tollFree ? 'TFN' : 'DID';
  const ours = await repo.numberByE164(ctx.db, number);
  if (ours) {
    const mine = auth.kind === 'customer' && ours.customerId === auth.customerId;
    return answer(
      false,
      mine ? 'This number is already on one of your accounts.' : 'This number is already on our network and cannot be ported in.',
      type,
    );
  }
  const open = await repo.openPortingForNumber(ctx.db, number);
  if (open) return answer(false, 'A porting request for this number is already in progress.', type);
  return answer(
    true,
    tollFree
      ? 'This toll-free number can be ported in: its RespOrg can be changed to us.'
      : 'This number can be ported in: it is a valid North American number that is not on our network.',
    type,
  );
}

// ---------------------------------------------------------------------------------------------
// Porting

type PortingRow = NonNullable<Awaited<ReturnType<typeof repo.portingById>>>;
const toPorting = (r: PortingRow): TPortingRequest => ({
  ...r,
  requestDate: r.requestDate.toISOString(),
  scheduledFor: r.scheduledFor?.toISOString().slice(0, 10) ?? null,
});

export async function listPorting(ctx: Ctx, q: TListPortingQuery): Promise<TPortingPage> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listPorting(ctx.db, scope, q);
  return pageOf(rows.map(toPorting), total, q);
}

async function portingInScope(ctx: Ctx, id: string) {
  const row = await repo.portingById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Porting request');
  return row;
}

export async function portingDetail(ctx: Ctx, id: string): Promise<TPortingDetail> {
  const row = await portingInScope(ctx, id);
  const [events, documents] = await Promise.all([repo.portingEventsOf(ctx.db, id), repo.portingDocumentsOf(ctx.db, id)]);
  return {
    ...toPorting(row),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    documents: documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
  };
}

export async function createPorting(ctx: Ctx, body: TCreatePortingBody) {
  const auth = userOf(ctx);
  const check = await checkPortability(ctx, body.number);
  if (!check.portable) throw invalid({ number: check.reason });
  const id = await inTransaction(ctx, async (tx) => {
    const account = await accountTakingNumbers(tx, body.accountId);
    await repo.lockPortingCodes(tx.db);
    if (await repo.openPortingForNumber(tx.db, body.number))
      throw invalid({ number: 'A porting request for this number is already in progress.' });
    const now = new Date();
    const code = await repo.nextPortingCode(tx.db, now.getUTCFullYear());
    const row = await repo.insertPorting(tx.db, {
      requestCode: code,
      customerId: account.customerId,
      accountId: account.id,
      number: body.number,
      currentCarrier: body.currentCarrier ?? null,
      status: 'Pending Docs',
      requestDate: now,
    });
    if (!row) throw new Error('insert failed');
    await repo.insertPortingEvent(tx.db, { requestId: row.id, status: 'Pending Docs', note: 'Request created', actorId: auth.userId });
    await audit.portingRequest(
      tx,
      'porting.create',
      { id: row.id, customerId: account.customerId },
      `Requested porting of ${body.number} into ${account.name} (${code})`,
      { after: { ...body, requestCode: code } },
    );
    return row.id;
  });
  return portingDetail(ctx, id);
}

/** The toll-free area codes (8XX) we port as TFN; every other +1 number is a DID. */
const numberTypeOf = (e164: string) => (/^\+18(00|33|44|55|66|77|88)/.test(e164) ? 'TFN' : 'DID');

/**
 * A completed port-in puts the number on the request's account, Active and billed from today
 * (assigned_at is the activation date the usage rollups and invoices count from).
 */
async function activatePortedNumber(tx: Ctx, request: PortingRow, now: Date): Promise<string> {
  const existing = await repo.numberByE164(tx.db, request.number);
  if (existing?.customerId && existing.customerId !== request.customerId)
    throw conflict(`${request.number} is already on another customer's account and cannot be activated here.`);
  if (existing) {
    await repo.assignNumbers(tx.db, [existing.id], { id: request.accountId, customerId: request.customerId }, now);
    return existing.id;
  }
  const type = numberTypeOf(request.number);
  const row = await repo.insertNumber(tx.db, {
    number: request.number,
    customerId: request.customerId,
    accountId: request.accountId,
    type,
    features: ['Voice', 'SMS'],
    monthlyFee: PORTED_NUMBER_FEES[type],
    status: 'Active',
    assignedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new Error('number insert failed');
  return row.id;
}

/**
 * Staff move a request along; the customer's users are notified in the same transaction.
 * Scheduled carries the FOC date; Completed activates the number; Completed and Rejected are final.
 */
export async function changePortingStatus(ctx: Ctx, id: string, body: TChangePortingStatusBody) {
  const auth = userOf(ctx);
  const before = await portingInScope(ctx, id);
  if (isPortingFinal(before.status)) throw conflict(PORTING_FINAL_MESSAGE, { status: PORTING_FINAL_MESSAGE });
  if (before.status === body.status && !body.note && body.status !== 'Scheduled')
    throw invalid({ status: `The request is already ${body.status}` });
  const foc = body.status === 'Scheduled' && body.scheduledFor ? new Date(`${body.scheduledFor}T00:00:00Z`) : null;
  if (foc && body.scheduledFor && body.scheduledFor < before.requestDate.toISOString().slice(0, 10))
    throw invalid({ scheduledFor: 'The FOC date cannot be before the request date' });
  await inTransaction(ctx, async (tx) => {
    const now = new Date();
    await repo.lockPortingRequest(tx.db, id);
    const current = await repo.portingById(tx.db, id, ownCustomer(ctx));
    if (!current) throw notFound('Porting request');
    if (isPortingFinal(current.status)) throw conflict(PORTING_FINAL_MESSAGE, { status: PORTING_FINAL_MESSAGE });
    const activatedNumberId = body.status === 'Completed' ? await activatePortedNumber(tx, current, now) : null;
    await repo.updatePortingStatus(tx.db, id, { status: body.status, updatedAt: now, ...(foc ? { scheduledFor: foc } : {}) });
    const focNote = foc ? `FOC date ${body.scheduledFor}.` : null;
    const activatedNote = activatedNumberId ? `${current.number} is active on ${current.accountName}.` : null;
    const note = [focNote, activatedNote, body.note].filter(Boolean).join(' ') || null;
    await repo.insertPortingEvent(tx.db, { requestId: id, status: body.status, note, actorId: auth.userId, createdAt: now });
    const recipients = await repo.customerUserIds(tx.db, before.customerId);
    await notifyUsers(tx, recipients, {
      event: 'portingStatusChanged',
      title: 'Porting status changed',
      message: `Porting request ${before.requestCode} for ${before.number} is now ${body.status}.${note ? ` ${note}` : ''}`,
      link: '/customer/numbers?tab=porting',
    });
    await audit.portingRequest(
      tx,
      'porting.status',
      before,
      `${before.requestCode}: ${current.status} → ${body.status}${activatedNumberId ? ` (${current.number} activated)` : ''}`,
      {
        before: { status: current.status, scheduledFor: current.scheduledFor?.toISOString().slice(0, 10) ?? null },
        after: {
          status: body.status,
          note: body.note ?? null,
          ...(foc ? { scheduledFor: body.scheduledFor } : {}),
          ...(activatedNumberId ? { activatedNumberId, activatedAt: now.toISOString() } : {}),
        },
      },
    );
  });
  return portingDetail(ctx, id);
}

/**
 * The quotas an upload of `bytes` must fit: one file of at most 10 MB, at most 10 files and 50 MB
 * per porting request, 500 MB per customer. Called before the body is read (with the declared
 * Content-Length) and again, under the customer's lock, with the real size.
 */
async function checkDocumentQuota(ctx: Ctx, request: PortingRow, bytes: number): Promise<void> {
  if (isPortingFinal(request.status)) throw conflict(PORTING_FINAL_MESSAGE, { file: PORTING_FINAL_MESSAGE });
  if (bytes > UPLOAD_MAX_BYTES) throw fileTooLarge();
  const usage = await repo.documentUsage(ctx.db, request.id, request.customerId);
  if (usage.requestFiles + 1 > PORTING_DOCUMENTS_PER_REQUEST)
    throw invalid({ file: `A porting request can hold at most ${PORTING_DOCUMENTS_PER_REQUEST} documents` });
  if (usage.requestBytes + bytes > PORTING_BYTES_PER_REQUEST)
    throw invalid({ file: `A porting request can hold at most ${PORTING_BYTES_PER_REQUEST / 1024 / 1024} MB of documents` });
  if (usage.customerBytes + bytes > PORTING_BYTES_PER_CUSTOMER)
    throw invalid({ file: `Your company has used its ${PORTING_BYTES_PER_CUSTOMER / 1024 / 1024} MB of porting document storage` });
}

/**
 * Runs before the body is read: a body without a Content-Length (chunked) or beyond the limits is
 * refused without reading it.
 */
export async function admitPortingUpload(ctx: Ctx, id: string, contentLength: string | undefined): Promise<void> {
  const request = await portingInScope(ctx, id);
  await checkDocumentQuota(ctx, request, admitUpload(contentLength));
}

export async function uploadPortingDocument(
  ctx: Ctx,
  id: string,
  q: TUploadPortingDocumentQuery,
  rawBody: unknown,
  contentType: string | undefined,
) {
  const auth = userOf(ctx);
  const request = await portingInScope(ctx, id);
  const { content: body, contentType: declared } = checkedUpload(rawBody, contentType);
  await inTransaction(ctx, async (tx) => {
    // two uploads of one customer at once must not both squeeze under the quota
    await repo.lockCustomerDocuments(tx.db, request.customerId);
    const current = await repo.portingById(tx.db, id, ownCustomer(ctx));
    if (!current) throw notFound('Porting request');
    await checkDocumentQuota(tx, current, body.length);
    const row = await repo.insertPortingDocument(tx.db, {
      requestId: id,
      kind: q.kind,
      fileName: q.fileName,
      contentType: declared,
      sizeBytes: body.length,
      content: body,
      uploadedById: auth.userId,
    });
    await audit.portingRequest(tx, 'porting.document_upload', request, `Uploaded ${q.kind} "${q.fileName}" to ${request.requestCode}`, {
      after: { documentId: row?.id, kind: q.kind, fileName: q.fileName, sizeBytes: body.length },
    });
  });
  return portingDetail(ctx, id);
}

export async function portingDocument(ctx: Ctx, id: string, documentId: string) {
  await portingInScope(ctx, id);
  const doc = await repo.portingDocument(ctx.db, id, documentId);
  if (!doc) throw notFound('Document');
  return doc;
}
