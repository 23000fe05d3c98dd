import type { TPage } from '@portal/contract/common';
import {
  DEFAULT_MESSAGING_PRICES,
  messageSegments,
  type TListTemplatesQuery,
  type TMessagingPrices,
  type TTemplate,
  type ZTemplateBody,
} from '@portal/contract/messaging';
import type { z } from 'zod';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';
import { iso, targetCustomer } from './shared.ts';

const audit = auditFor('message_template');

// Templates

type TemplateRow = NonNullable<Awaited<ReturnType<typeof repo.templateById>>>;
function toTemplate(r: TemplateRow): TTemplate {
  const info = messageSegments(r.body);
  return {
    ...r,
    encoding: info.encoding,
    segments: r.type === 'MMS' ? 1 : info.segments,
    createdAt: iso(r.createdAt),
    lastModified: iso(r.lastModified),
  };
}

export async function listTemplates(ctx: Ctx, q: TListTemplatesQuery): Promise<TPage<TTemplate>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listTemplates(ctx.db, scope, q);
  return pageOf(rows.map(toTemplate), total, q);
}

export async function getTemplate(ctx: Ctx, id: string): Promise<TTemplate> {
  const row = await repo.templateById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Template');
  return toTemplate(row);
}

async function templateAccount(ctx: Ctx, customerId: string, accountId: string | null | undefined) {
  if (!accountId) return null;
  const account = await findAccountInScope(ctx.db, accountId, customerId);
  if (!account) throw invalid({ accountId: 'Choose an account' });
  return account.id;
}

export async function createTemplate(ctx: Ctx, body: z.output<typeof ZTemplateBody>): Promise<TTemplate> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const accountId = await templateAccount(ctx, customerId, body.accountId);
  const id = await inTransaction(ctx, async (tx) => {
    const values = { name: body.name, type: body.type, body: body.body, status: body.status, accountId };
    const { id } = await repo.insertTemplate(tx.db, { customerId, ...values });
    await audit(tx, 'messaging.template.create', { id, customerId }, `Created template ${body.name}`, { after: values });
    return id;
  });
  return getTemplate(ctx, id);
}

export async function updateTemplate(ctx: Ctx, id: string, body: z.output<typeof ZTemplateBody>): Promise<TTemplate> {
  const before = await getTemplate(ctx, id);
  const accountId = await templateAccount(ctx, before.customerId, body.accountId);
  await inTransaction(ctx, async (tx) => {
    const values = { name: body.name, type: body.type, body: body.body, status: body.status, accountId };
    await repo.updateTemplate(tx.db, id, { ...values, lastModified: new Date() });
    await audit(tx, 'messaging.template.update', before, `Edited template ${body.name}`, {
      before: { name: before.name, type: before.type, body: before.body, status: before.status, accountId: before.accountId },
      after: values,
    });
  });
  return getTemplate(ctx, id);
}

export async function deleteTemplate(ctx: Ctx, id: string): Promise<void> {
  const before = await getTemplate(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await repo.deleteTemplate(tx.db, id);
    await audit(tx, 'messaging.template.delete', before, `Deleted template ${before.name}`, {
      before: { name: before.name, type: before.type, body: before.body, status: before.status },
    });
  });
}

/** What messages cost on an account (the provider's defaults when no account is chosen). */
export async function prices(ctx: Ctx, q: { accountId?: string | undefined }): Promise<TMessagingPrices> {
  if (!q.accountId) return DEFAULT_MESSAGING_PRICES;
  const scope = await resolveListScope(ctx, { accountId: q.accountId });
  const row = await repo.accountPrices(ctx.db, scope.accountId as string);
  return row ?? DEFAULT_MESSAGING_PRICES;
}
