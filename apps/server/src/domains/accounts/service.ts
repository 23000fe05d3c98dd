import {
  allowedAccountStatuses,
  DEFAULT_MAX_VOICE_CHANNELS,
  STAFF_ONLY_STATUS,
  SUB_ACCOUNT_MAX_VOICE_CHANNELS,
  type TAccount,
  type TAccountListItem,
  type TAccountOption,
  type TAccountOptionsQuery,
  type TAccountService,
  type TListAccountsQuery,
  type ZCreateAccountBody,
  type ZServiceBody,
  type ZUpdateAccountBody,
} from '@portal/contract/accounts';
import type { TPage } from '@portal/contract/common';
import type { z } from 'zod';
import { type Ctx, inTransaction, ownCustomer, userOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import { checkManager } from '../customers/service.ts';
import * as repo from './repo.ts';

const audit = { account: auditFor('account'), accountService: auditFor('account_service') };

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
type ListRow = Awaited<ReturnType<typeof repo.listAccounts>>['rows'][number];

/** What the list's and the page's views of an account begin with. */
function accountHead({ account: a, customerName }: { account: Row['account']; customerName: string }) {
  return { id: a.id, accountId: a.accountCode, customerId: a.customerId, customerName, name: a.name, status: a.status };
}

function toListItem(r: ListRow): TAccountListItem {
  const a = r.account;
  return {
    ...accountHead(r),
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
    ...accountHead(r),
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

export async function listAccounts(ctx: Ctx, q: TListAccountsQuery): Promise<TPage<TAccountListItem>> {
  const own = ownCustomer(ctx);
  // A customer user always sees their own company's accounts, whatever customerId says.
  const { rows, total } = await repo.listAccounts(ctx.db, own ?? q.customerId ?? null, q);
  return pageOf(rows.map(toListItem), total, q);
}

/**
 * The one "accounts in my scope" answer (pickers, the account switcher): a customer user gets their
 * own company's accounts whatever customerId says; another customer or an account out of reach is a 404.
 */
export async function accountOptions(ctx: Ctx, q: TAccountOptionsQuery): Promise<TAccountOption[]> {
  const scope = await resolveListScope(ctx, q);
  return repo.accountOptions(ctx.db, scope, q);
}

/** An account in the caller's reach; another customer's account is a 404. Opening it counts as an access. */
export async function getAccount(ctx: Ctx, id: string): Promise<TAccount> {
  const auth = userOf(ctx);
  const row = await repo.findAccount(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Account');
  const services = await repo.listServices(ctx.db, id);
  if (auth.kind === 'customer') await repo.touchAccessed(ctx.db, id, new Date());
  return toAccount(row, services);
}

async function requireAccount(ctx: Ctx, id: string): Promise<Row> {
  const row = await repo.findAccount(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Account');
  return row;
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

export async function createAccount(ctx: Ctx, body: z.output<typeof ZCreateAccountBody>): Promise<TAccount> {
  const auth = userOf(ctx);
  const isCustomer = auth.kind === 'customer';
  const customerId = isCustomer ? auth.customerId : body.customerId;
  if (!customerId) throw invalid({ customerId: 'Choose a customer' });
  const customer = await repo.findCustomerForAccount(ctx.db, customerId);
  if (!customer) throw isCustomer ? notFound('Customer') : invalid({ customerId: 'Choose a customer' });
  if (isCustomer && !body.accountId) throw invalid({ accountId: 'Account ID is required' });
  if (!allowedAccountStatuses(auth.kind, undefined).includes(body.status)) throw invalid({ status: STAFF_ONLY_STATUS });
  if (!isCustomer) await checkManager(ctx, body.accountManagerId);

  const created = await inTransaction(ctx, async (tx) => {
    const accountCode = body.accountId || (await repo.nextAccountCode(tx.db, customerId, customer.customerCode));
    if (await repo.codeTaken(tx.db, accountCode))
      throw conflict('This account ID is already in use.', { accountId: 'This account ID is already in use' });
    const row = await repo.insertAccount(tx.db, {
      accountCode,
      customerId,
      name: body.name,
      status: body.status,
      accountManagerId: isCustomer ? null : (body.accountManagerId ?? null),
      maxVoiceChannels: body.maxVoiceChannels ?? (isCustomer ? SUB_ACCOUNT_MAX_VOICE_CHANNELS : DEFAULT_MAX_VOICE_CHANNELS),
      ...billingColumns(body),
    });
    if (!row) throw new Error('Account insert returned nothing');
    await audit.account(
      tx,
      'account.create',
      { id: row.id, customerId },
      `Created account ${row.name} (${row.accountCode}) for ${customer.name}`,
      { after: auditView(row) },
    );
    return row;
  });
  return getAccount(ctx, created.id);
}

export async function updateAccount(ctx: Ctx, id: string, body: z.output<typeof ZUpdateAccountBody>): Promise<TAccount> {
  const before = await requireAccount(ctx, id);
  const { kind } = userOf(ctx);
  const isCustomer = kind === 'customer';
  if (!allowedAccountStatuses(kind, before.account.status).includes(body.status)) throw invalid({ status: STAFF_ONLY_STATUS });
  if (!isCustomer) await checkManager(ctx, body.accountManagerId);
  await inTransaction(ctx, async (tx) => {
    const after = await repo.updateAccount(tx.db, id, {
      name: body.name,
      status: body.status,
      maxVoiceChannels: body.maxVoiceChannels,
      // Customers cannot choose the provider's account manager.
      ...(isCustomer ? {} : { accountManagerId: body.accountManagerId ?? null }),
      ...billingColumns(body),
    });
    if (!after) throw notFound('Account');
    await audit.account(tx, 'account.update', after, `Updated account ${after.name} (${after.accountCode})`, {
      before: auditView(before.account),
      after: auditView(after),
    });
  });
  return getAccount(ctx, id);
}

/** Soft delete; an account that still holds numbers must give them up first (move or remove them). */
export async function deleteAccount(ctx: Ctx, id: string): Promise<void> {
  const row = await requireAccount(ctx, id);
  await inTransaction(ctx, async (tx) => {
    if ((await repo.countNumbers(tx.db, id)) > 0) {
      throw conflict(`${row.account.name} still has phone numbers. Move or remove them before deleting the account.`);
    }
    await repo.updateAccount(tx.db, id, { deletedAt: new Date() });
    await audit.account(
      tx,
      'account.delete',
      { id, customerId: row.account.customerId },
      `Deleted account ${row.account.name} (${row.account.accountCode})`,
      { before: auditView(row.account) },
    );
  });
}

type ServiceBody = z.output<typeof ZServiceBody>;

export async function addService(ctx: Ctx, accountId: string, body: ServiceBody): Promise<TAccount> {
  const account = await requireAccount(ctx, accountId);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.insertService(tx.db, { accountId, ...body });
    await audit.accountService(
      tx,
      'account.service_add',
      { id: row?.id, customerId: account.account.customerId },
      `Added service ${body.name} to ${account.account.name}`,
      { after: body },
    );
  });
  return getAccount(ctx, accountId);
}

export async function updateService(ctx: Ctx, accountId: string, serviceId: string, body: ServiceBody): Promise<TAccount> {
  const account = await requireAccount(ctx, accountId);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.updateService(tx.db, accountId, serviceId, body);
    if (!row) throw notFound('Service');
    await audit.accountService(
      tx,
      'account.service_update',
      { id: serviceId, customerId: account.account.customerId },
      `Updated service ${body.name} of ${account.account.name}`,
      { after: body },
    );
  });
  return getAccount(ctx, accountId);
}

export async function deleteService(ctx: Ctx, accountId: string, serviceId: string): Promise<TAccount> {
  const account = await requireAccount(ctx, accountId);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.deleteService(tx.db, accountId, serviceId);
    if (!row) throw notFound('Service');
    await audit.accountService(
      tx,
      'account.service_delete',
      { id: serviceId, customerId: account.account.customerId },
      `Removed service ${row.name} from ${account.account.name}`,
      { before: { name: row.name, serviceType: row.serviceType, monthlyCost: row.monthlyCost } },
    );
  });
  return getAccount(ctx, accountId);
}
