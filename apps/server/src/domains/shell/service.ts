import type { TRecordName, TShellSummary } from '@portal/contract/shell';
import { type Ctx, ownCustomer, userOf } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountInScope } from '../../lib/list-scope.ts';
import { unreadCount } from '../notifications/service.ts';
import * as repo from './repo.ts';

/** The sidebar and header badges, scoped to the caller. */
export async function shellSummary(ctx: Ctx): Promise<TShellSummary> {
  const [billingBadge, unreadNotifications] = await Promise.all([
    repo.countOpenInvoices(ctx.db, ownCustomer(ctx)),
    unreadCount(ctx, userOf(ctx).userId),
  ]);
  return { billingBadge, unreadNotifications };
}

/** A customer's name for breadcrumbs; another tenant's is a 404. */
export async function customerName(ctx: Ctx, id: string): Promise<TRecordName> {
  const row = await repo.customerName(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Customer');
  return row;
}

/** An account's name for breadcrumbs; another tenant's is a 404. */
export async function accountName(ctx: Ctx, id: string): Promise<TRecordName> {
  const row = await findAccountInScope(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Account');
  return { id: row.id, name: row.name };
}
