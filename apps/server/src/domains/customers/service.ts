import type { TPage } from '@portal/contract/common';
import type {
  TActivityEntry,
  TCustomer,
  TCustomerListItem,
  TCustomerNote,
  TCustomerSuggestion,
  TIpAddress,
  TListCustomersQuery,
  TStaffOption,
  ZCustomerBody,
} from '@portal/contract/customers';
import type { z } from 'zod';
import type { customers } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor, listActivity as listAuditActivity } from '../audit/service.ts';
import * as repo from './repo.ts';

const audit = { customer: auditFor('customer'), customerNote: auditFor('customer_note') };

type CustomerRow = typeof customers.$inferSelect;
type CustomerBody = z.output<typeof ZCustomerBody>;

export const fullAddress = (c: Pick<CustomerRow, 'address' | 'city' | 'state' | 'zipCode'>) =>
  [c.address, c.city, [c.state, c.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

function toListItem(row: { customer: CustomerRow; accountCount: number }): TCustomerListItem {
  const c = row.customer;
  return {
    id: c.id,
    customerId: c.customerCode,
    name: c.name,
    address: fullAddress(c),
    phone: c.phone,
    email: c.email,
    revenue: c.revenue,
    status: c.status,
    accountCount: row.accountCount,
    createdAt: c.createdAt.toISOString(),
  };
}

function toCustomer(c: CustomerRow, manager: { id: string; name: string; email: string; phone: string | null } | null): TCustomer {
  return {
    id: c.id,
    customerId: c.customerCode,
    name: c.name,
    email: c.email,
    phone: c.phone,
    website: c.website,
    industry: c.industry,
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    country: c.country,
    status: c.status,
    accountType: c.accountType,
    revenue: c.revenue,
    createdAt: c.createdAt.toISOString(),
    accountManager: manager?.id ? manager : null,
    primaryContact: {
      name: c.primaryContactName,
      title: c.primaryContactTitle,
      email: c.primaryContactEmail,
      phone: c.primaryContactPhone,
    },
    billingContact: {
      name: c.billingContactName,
      title: c.billingContactTitle,
      email: c.billingContactEmail,
      phone: c.billingContactPhone,
    },
  };
}

/** What the audit log keeps of a customer (no secrets here, but only the fields that change). */
const auditView = (c: CustomerRow) => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: fullAddress(c),
  status: c.status,
  accountManagerId: c.accountManagerId,
});

export async function listCustomers(ctx: Ctx, q: TListCustomersQuery): Promise<TPage<TCustomerListItem>> {
  const { rows, total } = await repo.listCustomers(ctx.db, q);
  return pageOf(rows.map(toListItem), total, q);
}

export function suggestCustomers(ctx: Ctx, text: string, limit: number): Promise<TCustomerSuggestion[]> {
  return repo.suggestCustomers(ctx.db, text, limit);
}

export function staffOptions(ctx: Ctx): Promise<TStaffOption[]> {
  return repo.staffOptions(ctx.db);
}

/** A customer's detail; opening it is remembered for the staff user's Recently Accessed list. */
export async function getCustomer(ctx: Ctx, id: string): Promise<TCustomer> {
  const row = await repo.findCustomer(ctx.db, id);
  if (!row) throw notFound('Customer');
  await repo.touchRecent(ctx.db, userOf(ctx).userId, id, new Date());
  return toCustomer(row.customer, row.manager);
}

/** Throws a 404 unless the customer exists (and is not deleted). */
export async function requireCustomer(ctx: Ctx, id: string): Promise<CustomerRow> {
  const row = await repo.findCustomer(ctx.db, id);
  if (!row) throw notFound('Customer');
  return row.customer;
}

/**
 * Writes columns of a live customer's row in the caller's transaction (its billing contact, its
 * company profile), stamping updatedAt; undefined when the customer is gone.
 */
export const updateCustomerRow = (tx: Ctx, id: string, values: Parameters<typeof repo.updateCustomer>[2]) =>
  repo.updateCustomer(tx.db, id, values);

/** The account manager a customer or an account form picked must be active staff (a field error otherwise). */
export async function checkManager(ctx: Ctx, managerId: string | null | undefined) {
  if (managerId && !(await repo.isActiveStaff(ctx.db, managerId))) {
    throw invalid({ accountManagerId: 'Choose an account manager from the staff list' });
  }
}

/** A company's email, phone and address, as the customer form and the sign-up page give them. */
export const contactColumns = (b: Pick<CustomerBody, 'email' | 'phone' | 'address' | 'city' | 'state' | 'zipCode' | 'country'>) => ({
  email: b.email,
  phone: b.phone,
  address: b.address,
  city: b.city,
  state: b.state,
  zipCode: b.zipCode,
  country: b.country,
});

const columnsOf = (body: CustomerBody) => ({
  name: body.name,
  ...contactColumns(body),
  status: body.status,
  accountManagerId: body.accountManagerId,
  website: body.website,
  industry: body.industry,
});

export async function createCustomer(ctx: Ctx, body: CustomerBody): Promise<TCustomer> {
  await checkManager(ctx, body.accountManagerId);
  const created = await inTransaction(ctx, async (tx) => {
    const row = await repo.insertCustomerWithCode(tx.db, columnsOf(body));
    await audit.customer(tx, 'customer.create', { id: row.id, customerId: row.id }, `Created customer ${row.name} (${row.customerCode})`, {
      after: auditView(row),
    });
    return row;
  });
  return getCustomer(ctx, created.id);
}

/** A customer signed up through the sign-up page (registration domain), inside its transaction. */
export function insertSelfRegisteredCustomer(tx: Ctx, values: Omit<Parameters<typeof repo.insertCustomerWithCode>[1], 'status'>) {
  return repo.insertCustomerWithCode(tx.db, { ...values, status: 'pending' });
}

export async function updateCustomer(ctx: Ctx, id: string, body: CustomerBody): Promise<TCustomer> {
  const before = await requireCustomer(ctx, id);
  await checkManager(ctx, body.accountManagerId);
  await inTransaction(ctx, async (tx) => {
    const after = await repo.updateCustomer(tx.db, id, columnsOf(body));
    if (!after) throw notFound('Customer');
    await audit.customer(tx, 'customer.update', { id, customerId: id }, `Updated the company profile of ${after.name}`, {
      before: auditView(before),
      after: auditView(after),
    });
  });
  return getCustomer(ctx, id);
}

/**
 * Soft delete. Like an account, a customer that still holds phone numbers is refused: the numbers
 * would otherwise stay bound to deleted accounts, gone from the lists and from the inventory.
 */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<void> {
  const customer = await requireCustomer(ctx, id);
  await inTransaction(ctx, async (tx) => {
    const held = await repo.countNumbers(tx.db, id);
    if (held > 0) {
      throw conflict(
        `${customer.name} still holds ${held} phone number${held === 1 ? '' : 's'}. Move or remove them before deleting the customer.`,
      );
    }
    const row = await repo.softDeleteCustomer(tx.db, id, new Date());
    if (!row) throw notFound('Customer');
    await audit.customer(
      tx,
      'customer.delete',
      { id, customerId: id },
      `Deleted customer ${row.name} (${row.customerCode}) with its accounts; its users can no longer sign in`,
    );
  });
}

export async function listNotes(ctx: Ctx, customerId: string): Promise<TCustomerNote[]> {
  await requireCustomer(ctx, customerId);
  const rows = await repo.listNotes(ctx.db, customerId);
  return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
}

export async function addNote(ctx: Ctx, customerId: string, body: string): Promise<TCustomerNote> {
  const customer = await requireCustomer(ctx, customerId);
  const auth = userOf(ctx);
  const note = await inTransaction(ctx, async (tx) => {
    const row = await repo.insertNote(tx.db, { customerId, authorId: auth.userId, body });
    if (!row) throw new Error('Note insert returned nothing');
    await audit.customerNote(tx, 'customer.note_add', { id: row.id, customerId }, `Added a note to ${customer.name}`, { after: { body } });
    return row;
  });
  return { id: note.id, body: note.body, authorName: auth.name, createdAt: note.createdAt.toISOString() };
}

export async function listActivity(ctx: Ctx, customerId: string): Promise<TActivityEntry[]> {
  await requireCustomer(ctx, customerId);
  return listAuditActivity(ctx, { customerId });
}

export async function listIpAddresses(ctx: Ctx, customerId: string): Promise<TIpAddress[]> {
  await requireCustomer(ctx, customerId);
  const rows = await repo.listIpAddresses(ctx.db, customerId);
  return rows.map((r) => ({ ...r, lastUpdated: r.lastUpdated.toISOString() }));
}

export function firstCustomerAdmin(ctx: Ctx, customerId: string) {
  return repo.firstCustomerAdmin(ctx.db, customerId);
}
