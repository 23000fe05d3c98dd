import {
  PORTING_DOCUMENT_MAX_BYTES,
  PORTING_DOCUMENT_TYPES,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvLine, csvStream } from '../../lib/csv.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, ownCustomer, resolveListScope } from '../../lib/list-scope.ts';
import { authOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import * as repo from './repo.ts';

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

export async function listNumbers(app: FastifyInstance, req: FastifyRequest, q: TListNumbersQuery): Promise<TPhoneNumberPage> {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const { rows, total } = await repo.listNumbers(app.db, scope, q);
  return { items: rows.map(toNumber), total, page: q.page, pageSize: q.pageSize };
}

export async function numberSummary(
  app: FastifyInstance,
  req: FastifyRequest,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<TNumberSummary> {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const row = await repo.summary(app.db, scope);
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
export async function exportNumbers(app: FastifyInstance, req: FastifyRequest, q: Omit<TListNumbersQuery, 'page' | 'pageSize'>) {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const customerView = authOf(req).kind === 'customer';
  const header = customerView ? NUMBERS_CSV_HEADER.filter((h) => h !== 'Customer' && h !== 'Account') : NUMBERS_CSV_HEADER;
  return csvStream<string>(header, null, async (after) => {
    const rows = await repo.numbersAfter(app.db, scope, q, after, 2000);
    const text = rows
      .map((r) =>
        csvLine([
          r.number,
          r.type === 'TFN' ? 'Toll-Free' : 'DID',
          (r.features ?? []).join(' '),
          r.status,
          Number(r.monthlyFee).toFixed(2),
          ...(customerView ? [] : [r.customerName, r.accountName]),
          r.city,
          r.state,
          r.assignedAt?.toISOString().slice(0, 10) ?? '',
        ]),
      )
      .join('');
    return { text, key: rows.length === 2000 ? (rows[rows.length - 1]?.number ?? null) : null };
  });
}

export async function numberAccounts(app: FastifyInstance, req: FastifyRequest, customerId: string | undefined) {
  const scope = await resolveListScope(app.db, authOf(req), { customerId });
  return { items: await repo.accountsInScope(app.db, scope.customerId) };
}

/** Moves numbers to another account of the same customer. */
export async function moveNumbers(app: FastifyInstance, req: FastifyRequest, body: TMoveNumbersBody) {
  const auth = authOf(req);
  return app.db.transaction(async (tx) => {
    const target = await findAccountInScope(tx, body.accountId, ownCustomer(auth));
    if (!target) throw invalid({ accountId: 'Choose an account of this customer' });
    const rows = await repo.numbersForChange(tx, body.numberIds, ownCustomer(auth));
    if (rows.length !== body.numberIds.length) throw notFound('Phone number');
    if (rows.some((r) => r.customerId !== target.customerId)) {
      throw invalid({ accountId: 'Numbers can only move to another account of the same customer' });
    }
    const moving = rows.filter((r) => r.accountId !== target.id);
    await repo.moveNumbers(
      tx,
      moving.map((r) => r.id),
      target.id,
      new Date(),
    );
    await recordAudit(tx, req, {
      action: 'numbers.move',
      entityType: 'account',
      entityId: target.id,
      customerId: target.customerId,
      summary: `Moved ${moving.length} number${moving.length === 1 ? '' : 's'} to ${target.name}`,
      before: rows.map((r) => ({ number: r.number, accountId: r.accountId })),
      after: { accountId: target.id, numbers: rows.map((r) => r.number) },
    });
    return { count: rows.length };
  });
}

/** Releases numbers back to the provider's inventory. */
export async function removeNumbers(app: FastifyInstance, req: FastifyRequest, body: TRemoveNumbersBody) {
  const auth = authOf(req);
  return app.db.transaction(async (tx) => {
    const rows = await repo.numbersForChange(tx, body.numberIds, ownCustomer(auth));
    if (rows.length !== body.numberIds.length) throw notFound('Phone number');
    await repo.releaseNumbers(tx, body.numberIds, new Date());
    const customers = [...new Set(rows.map((r) => r.customerId))];
    await recordAudit(tx, req, {
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

export async function searchInventory(app: FastifyInstance, q: TInventoryQuery): Promise<TInventoryList> {
  const { rows, total } = await repo.searchInventory(app.db, q, q.limit);
  return { items: rows.map(toNumber), total };
}

/** Assigns inventory numbers to an account (staff only). */
export async function assignNumbers(app: FastifyInstance, req: FastifyRequest, body: TAssignNumbersBody) {
  const auth = authOf(req);
  return app.db.transaction(async (tx) => {
    const account = await findAccountInScope(tx, body.accountId, ownCustomer(auth));
    if (!account) throw invalid({ accountId: 'Choose an account' });
    const rows = await repo.inventoryForChange(tx, body.numberIds);
    if (rows.length !== body.numberIds.length) throw conflict('A selected number is no longer available. Search again.');
    await repo.assignNumbers(tx, body.numberIds, account, new Date());
    await recordAudit(tx, req, {
      action: 'numbers.assign',
      entityType: 'account',
      entityId: account.id,
      customerId: account.customerId,
      summary: `Added ${rows.map((r) => r.number).join(', ')} to ${account.name}`,
      after: { accountId: account.id, numbers: rows.map((r) => r.number) },
    });
    return { count: rows.length };
  });
}

/**
 * Whether a number can be ported in: we port North American (+1) numbers, geographic and
 * toll-free, that are not already ours and have no open request.
 */
export async function checkPortability(app: FastifyInstance, req: FastifyRequest, number: string): Promise<TPortability> {
  const auth = authOf(req);
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
  const ours = await repo.numberByE164(app.db, number);
  if (ours) {
    const mine = auth.kind === 'customer' && ours.customerId === auth.customerId;
    return answer(
      false,
      mine ? 'This number is already on one of your accounts.' : 'This number is already on our network and cannot be ported in.',
      type,
    );
  }
  const open = await repo.openPortingForNumber(app.db, number);
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
  scheduledFor: r.scheduledFor?.toISOString() ?? null,
});

export async function listPorting(app: FastifyInstance, req: FastifyRequest, q: TListPortingQuery): Promise<TPortingPage> {
  const scope = await resolveListScope(app.db, authOf(req), q);
  const { rows, total } = await repo.listPorting(app.db, scope, q);
  return { items: rows.map(toPorting), total, page: q.page, pageSize: q.pageSize };
}

async function portingInScope(app: FastifyInstance, req: FastifyRequest, id: string) {
  const row = await repo.portingById(app.db, id, ownCustomer(authOf(req)));
  if (!row) throw notFound('Porting request');
  return row;
}

export async function portingDetail(app: FastifyInstance, req: FastifyRequest, id: string): Promise<TPortingDetail> {
  const row = await portingInScope(app, req, id);
  const [events, documents] = await Promise.all([repo.portingEventsOf(app.db, id), repo.portingDocumentsOf(app.db, id)]);
  return {
    ...toPorting(row),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    documents: documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
  };
}

export async function createPorting(app: FastifyInstance, req: FastifyRequest, body: TCreatePortingBody) {
  const auth = authOf(req);
  const check = await checkPortability(app, req, body.number);
  if (!check.portable) throw invalid({ number: check.reason });
  const id = await app.db.transaction(async (tx) => {
    const account = await findAccountInScope(tx, body.accountId, ownCustomer(auth));
    if (!account) throw invalid({ accountId: 'Choose an account' });
    await repo.lockPortingCodes(tx);
    if (await repo.openPortingForNumber(tx, body.number))
      throw invalid({ number: 'A porting request for this number is already in progress.' });
    const now = new Date();
    const code = await repo.nextPortingCode(tx, now.getUTCFullYear());
    const row = await repo.insertPorting(tx, {
      requestCode: code,
      customerId: account.customerId,
      accountId: account.id,
      number: body.number,
      currentCarrier: body.currentCarrier ?? null,
      status: 'Pending Docs',
      requestDate: now,
    });
    if (!row) throw new Error('insert failed');
    await repo.insertPortingEvent(tx, { requestId: row.id, status: 'Pending Docs', note: 'Request created', actorId: auth.userId });
    await recordAudit(tx, req, {
      action: 'porting.create',
      entityType: 'porting_request',
      entityId: row.id,
      customerId: account.customerId,
      summary: `Requested porting of ${body.number} into ${account.name} (${code})`,
      after: { ...body, requestCode: code },
    });
    return row.id;
  });
  return portingDetail(app, req, id);
}

/** Staff move a request along; the customer's users are notified in the same transaction. */
export async function changePortingStatus(app: FastifyInstance, req: FastifyRequest, id: string, body: TChangePortingStatusBody) {
  const auth = authOf(req);
  const before = await portingInScope(app, req, id);
  if (before.status === body.status && !body.note) throw invalid({ status: `The request is already ${body.status}` });
  await app.db.transaction(async (tx) => {
    const now = new Date();
    await repo.updatePortingStatus(tx, id, {
      status: body.status,
      updatedAt: now,
      ...(body.scheduledFor ? { scheduledFor: new Date(body.scheduledFor) } : {}),
    });
    await repo.insertPortingEvent(tx, {
      requestId: id,
      status: body.status,
      note: body.note ?? null,
      actorId: auth.userId,
      createdAt: now,
    });
    const recipients = await repo.customerUserIds(tx, before.customerId);
    await notifyUsers(tx, recipients, {
      type: 'Service',
      title: 'Porting status changed',
      message: `Porting request ${before.requestCode} for ${before.number} is now ${body.status}.${body.note ? ` ${body.note}` : ''}`,
      link: '/customer/numbers?tab=porting',
    });
    await recordAudit(tx, req, {
      action: 'porting.status',
      entityType: 'porting_request',
      entityId: id,
      customerId: before.customerId,
      summary: `${before.requestCode}: ${before.status} → ${body.status}`,
      before: { status: before.status },
      after: { status: body.status, note: body.note ?? null },
    });
  });
  return portingDetail(app, req, id);
}

/** PDF, PNG and JPEG, recognised by their first bytes (the declared type must agree). */
function sniff(content: Buffer): string | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  return null;
}

export async function uploadPortingDocument(
  app: FastifyInstance,
  req: FastifyRequest,
  id: string,
  q: TUploadPortingDocumentQuery,
  body: unknown,
  contentType: string | undefined,
) {
  const auth = authOf(req);
  const request = await portingInScope(app, req, id);
  const declared = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(PORTING_DOCUMENT_TYPES as readonly string[]).includes(declared) || !Buffer.isBuffer(body)) {
    throw invalid({ file: 'Only PDF, PNG or JPEG files can be uploaded' });
  }
  if (body.length === 0) throw invalid({ file: 'The file is empty' });
  if (body.length > PORTING_DOCUMENT_MAX_BYTES) throw invalid({ file: 'The file is larger than 10 MB' });
  if (sniff(body) !== declared) throw invalid({ file: 'The file is not a valid PDF, PNG or JPEG' });
  await app.db.transaction(async (tx) => {
    const row = await repo.insertPortingDocument(tx, {
      requestId: id,
      kind: q.kind,
      fileName: q.fileName,
      contentType: declared,
      sizeBytes: body.length,
      content: body,
      uploadedById: auth.userId,
    });
    await recordAudit(tx, req, {
      action: 'porting.document_upload',
      entityType: 'porting_request',
      entityId: id,
      customerId: request.customerId,
      summary: `Uploaded ${q.kind} "${q.fileName}" to ${request.requestCode}`,
      after: { documentId: row?.id, kind: q.kind, fileName: q.fileName, sizeBytes: body.length },
    });
  });
  return portingDetail(app, req, id);
}

export async function portingDocument(app: FastifyInstance, req: FastifyRequest, id: string, documentId: string) {
  await portingInScope(app, req, id);
  const doc = await repo.portingDocument(app.db, id, documentId);
  if (!doc) throw notFound('Document');
  return doc;
}
