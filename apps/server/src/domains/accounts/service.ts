import {
  DEFAULT_MAX_VOICE_CHANNELS,
  SUB_ACCOUNT_MAX_VOICE_CHANNELS,
  type TAccount,
  type TAccountListItem,
  type TAccountOption,
  type TAccountService,
  type TListAccountsQuery,
  type ZCreateAccountBody,
  type ZServiceBody,
  type ZUpdateAccountBody,
} from '@portal/contract/accounts';
import type { TPage } from '@portal/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { ownCustomer } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { authOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
type ListRow = Awaited<ReturnType<typeof repo.listAccounts>>['items'][number];

function toListItem(r: ListRow): TAccountListItem {
  const a = r.account;
  return {
    id: a.id,
    accountId: a.accountCode,
    customerId: a.customerId,
    customerName: r.customerName,
    name: a.name,
    status: a.status,
    accountManagerName: r.managerName,
    useCustomerBilling: a.useCustomerBilling,
    smsNumbers: r.sms,
    voiceNumbers: r.voice,
    maxVoiceChannels: a.maxVoiceChannels,
    createdAt: a.createdAt.toISOString(),
    lastAccessedAt: a.lastAccessedAt?.toISOString() ?? null,
  };
}

function toAccount(r: Row, services: TAccountService[]): TAccount {
  const a = r.account;
  return {
    id: a.id,
    accountId: a.accountCode,
    customerId: a.customerId,
    customerName: r.customerName,
    name: a.name,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    accountManager: r.manager?.id ? r.manager : null,
    billingInfo: {
      useCustomerBilling: a.useCustomerBilling,
      contact: { name: a.billingContactName, title: a.billingContactTitle, email: a.billingContactEmail, phone: a.billingContactPhone },
      address: a.billingAddress,
    },
    maxVoiceChannels: a.maxVoiceChannels,
    smsNumbers: r.sms,
    voiceNumbers: r.voice,
    services,
  };
}

const auditView = (a: Row['account']) => ({
  name: a.name,
  accountId: a.accountCode,
  status: a.status,
  accountManagerId: a.accountManagerId,
  useCustomerBilling: a.useCustomerBilling,
  maxVoiceChannels: a.maxVoiceChannels,
});

export async function listAccounts(app: FastifyInstance, req: FastifyRequest, q: TListAccountsQuery): Promise<TPage<TAccountListItem>> {
  const own = ownCustomer(authOf(req));
  // A customer user always sees their own company's accounts, whatever customerId says.
  const { items, total } = await repo.listAccounts(app.db, own ?? q.customerId ?? null, q);
  return pageOf(items.map(toListItem), total, q);
}

export function accountOptions(app: FastifyInstance, req: FastifyRequest, customerId: string | undefined): Promise<TAccountOption[]> {
  const own = ownCustomer(authOf(req));
  return repo.accountOptions(app.db, own ?? customerId ?? null);
}

/** An account in the caller's reach; another customer's account is a 404. Opening it counts as an access. */
export async function getAccount(app: FastifyInstance, req: FastifyRequest, id: string): Promise<TAccount> {
  const auth = authOf(req);
  const row = await repo.findAccount(app.db, id, ownCustomer(auth));
  if (!row) throw notFound('Account');
  const services = await repo.listServices(app.db, id);
  if (auth.kind === 'customer') await repo.touchAccessed(app.db, id, new Date());
  return toAccount(row, services);
}

async function requireAccount(app: FastifyInstance, req: FastifyRequest, id: string): Promise<Row> {
  const row = await repo.findAccount(app.db, id, ownCustomer(authOf(req)));
  if (!row) throw notFound('Account');
  return row;
}

async function checkManager(app: FastifyInstance, id: string | null | undefined) {
  if (id && !(await repo.isActiveStaff(app.db, id))) throw invalid({ accountManagerId: 'Choose an account manager from the staff list' });
}

type BillingBody = Pick<
  z.output<typeof ZUpdateAccountBody>,
  'useCustomerBilling' | 'billingContactName' | 'billingContactTitle' | 'billingContactEmail' | 'billingContactPhone' | 'billingAddress'
>;
/** With the customer's billing, the account keeps no billing contact of its own. */
const billingColumns = (b: BillingBody) =>
  b.useCustomerBilling
    ? {
        useCustomerBilling: true,
        billingContactName: null,
        billingContactTitle: null,
        billingContactEmail: null,
        billingContactPhone: null,
        billingAddress: null,
      }
    : {
        useCustomerBilling: false,
        billingContactName: b.billingContactName,
        billingContactTitle: b.billingContactTitle,
        billingContactEmail: b.billingContactEmail,
        billingContactPhone: b.billingContactPhone,
        billingAddress: b.billingAddress,
      };

export async function createAccount(
  app: FastifyInstance,
  req: FastifyRequest,
  body: z.output<typeof ZCreateAccountBody>,
): Promise<TAccount> {
  const auth = authOf(req);
  const isCustomer = auth.kind === 'customer';
  const customerId = isCustomer ? auth.customerId : body.customerId;
  if (!customerId) throw invalid({ customerId: 'Choose a customer' });
  const customer = await repo.findCustomerForAccount(app.db, customerId);
  if (!customer) throw isCustomer ? notFound('Customer') : invalid({ customerId: 'Choose a customer' });
  if (isCustomer && !body.accountId) throw invalid({ accountId: 'Account ID is required' });
  if (!isCustomer) await checkManager(app, body.accountManagerId);

  const created = await app.db.transaction(async (tx) => {
    const accountCode = body.accountId || (await repo.nextAccountCode(tx, customerId, customer.customerCode));
    if (await repo.codeTaken(tx, accountCode))
      throw conflict('This account ID is already in use.', { accountId: 'This account ID is already in use' });
    const row = await repo.insertAccount(tx, {
      accountCode,
      customerId,
      name: body.name,
      status: body.status,
      accountManagerId: isCustomer ? null : (body.accountManagerId ?? null),
      maxVoiceChannels: body.maxVoiceChannels ?? (isCustomer ? SUB_ACCOUNT_MAX_VOICE_CHANNELS : DEFAULT_MAX_VOICE_CHANNELS),
      ...billingColumns(body),
    });
    if (!row) throw new Error('Account insert returned nothing');
    await recordAudit(tx, req, {
      action: 'account.create',
      entityType: 'account',
      entityId: row.id,
      customerId,
      summary: `Created account ${row.name} (${row.accountCode}) for ${customer.name}`,
      after: auditView(row),
    });
    return row;
  });
  return getAccount(app, req, created.id);
}

export async function updateAccount(
  app: FastifyInstance,
  req: FastifyRequest,
  id: string,
  body: z.output<typeof ZUpdateAccountBody>,
): Promise<TAccount> {
  const before = await requireAccount(app, req, id);
  const isCustomer = authOf(req).kind === 'customer';
  if (!isCustomer) await checkManager(app, body.accountManagerId);
  await app.db.transaction(async (tx) => {
    const after = await repo.updateAccount(tx, id, {
      name: body.name,
      status: body.status,
      maxVoiceChannels: body.maxVoiceChannels,
      // Customers cannot choose the provider's account manager.
      ...(isCustomer ? {} : { accountManagerId: body.accountManagerId ?? null }),
      ...billingColumns(body),
    });
    if (!after) throw notFound('Account');
    await recordAudit(tx, req, {
      action: 'account.update',
      entityType: 'account',
      entityId: id,
      customerId: after.customerId,
      summary: `Updated account ${after.name} (${after.accountCode})`,
      before: auditView(before.account),
      after: auditView(after),
    });
  });
  return getAccount(app, req, id);
}

/** Soft delete; an account that still holds numbers must give them up first (move or remove them). */
export async function deleteAccount(app: FastifyInstance, req: FastifyRequest, id: string): Promise<void> {
  const row = await requireAccount(app, req, id);
  await app.db.transaction(async (tx) => {
    if ((await repo.countNumbers(tx, id)) > 0) {
      throw conflict(`${row.account.name} still has phone numbers. Move or remove them before deleting the account.`);
    }
    await repo.updateAccount(tx, id, { deletedAt: new Date() });
    await recordAudit(tx, req, {
      action: 'account.delete',
      entityType: 'account',
      entityId: id,
      customerId: row.account.customerId,
      summary: `Deleted account ${row.account.name} (${row.account.accountCode})`,
      before: auditView(row.account),
    });
  });
}

type ServiceBody = z.output<typeof ZServiceBody>;

export async function addService(app: FastifyInstance, req: FastifyRequest, accountId: string, body: ServiceBody): Promise<TAccount> {
  const account = await requireAccount(app, req, accountId);
  await app.db.transaction(async (tx) => {
    const row = await repo.insertService(tx, { accountId, ...body });
    await recordAudit(tx, req, {
      action: 'account.service_add',
      entityType: 'account_service',
      entityId: row?.id,
      customerId: account.account.customerId,
      summary: `Added service ${body.name} to ${account.account.name}`,
      after: body,
    });
  });
  return getAccount(app, req, accountId);
}

export async function updateService(
  app: FastifyInstance,
  req: FastifyRequest,
  accountId: string,
  serviceId: string,
  body: ServiceBody,
): Promise<TAccount> {
  const account = await requireAccount(app, req, accountId);
  await app.db.transaction(async (tx) => {
    const row = await repo.updateService(tx, accountId, serviceId, body);
    if (!row) throw notFound('Service');
    await recordAudit(tx, req, {
      action: 'account.service_update',
      entityType: 'account_service',
      entityId: serviceId,
      customerId: account.account.customerId,
      summary: `Updated service ${body.name} of ${account.account.name}`,
      after: body,
    });
  });
  return getAccount(app, req, accountId);
}

export async function deleteService(app: FastifyInstance, req: FastifyRequest, accountId: string, serviceId: string): Promise<TAccount> {
  const account = await requireAccount(app, req, accountId);
  await app.db.transaction(async (tx) => {
    const row = await repo.deleteService(tx, accountId, serviceId);
    if (!row) throw notFound('Service');
    await recordAudit(tx, req, {
      action: 'account.service_delete',
      entityType: 'account_service',
      entityId: serviceId,
      customerId: account.account.customerId,
      summary: `Removed service ${row.name} from ${account.account.name}`,
      before: { name: row.name, serviceType: row.serviceType, monthlyCost: row.monthlyCost },
    });
  });
  return getAccount(app, req, accountId);
}
