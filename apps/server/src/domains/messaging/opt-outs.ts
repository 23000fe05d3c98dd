import type { TPage } from '@portal/contract/common';
import {
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  type TListOptOutsQuery,
  type TOptOut,
  type ZOptOutBody,
} from '@portal/contract/messaging-consent';
import type { z } from 'zod';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';
import { iso } from './shared.ts';

const audit = auditFor('opt_out');

// Opt-outs

type OptOutRow = NonNullable<Awaited<ReturnType<typeof repo.optOutById>>>;
const toOptOut = (r: OptOutRow): TOptOut => ({ ...r, createdAt: iso(r.createdAt) });

export async function listOptOuts(ctx: Ctx, q: TListOptOutsQuery): Promise<TPage<TOptOut>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listOptOuts(ctx.db, scope, q);
  return pageOf(rows.map(toOptOut), total, q);
}

export async function addOptOut(ctx: Ctx, body: z.output<typeof ZOptOutBody>): Promise<TOptOut> {
  const account = await findAccountInScope(ctx.db, body.accountId, ownCustomer(ctx));
  if (!account) throw invalid({ accountId: 'Choose an account' });
  const id = await inTransaction(ctx, async (tx) => {
    if (await repo.optOutOf(tx.db, account.id, body.number))
      throw invalid({ number: `${body.number} has already opted out of ${account.name}` });
    const row = await repo.insertOptOut(tx.db, {
      customerId: account.customerId,
      accountId: account.id,
      number: body.number,
      keyword: body.keyword,
      source: 'Manual',
    });
    await audit(
      tx,
      'messaging.opt-out.add',
      { id: row?.id, customerId: account.customerId },
      `Opted ${body.number} out of messages from ${account.name}`,
      { after: { number: body.number, keyword: body.keyword } },
    );
    return row?.id as string;
  });
  const row = await repo.optOutById(ctx.db, id, account.customerId);
  if (!row) throw notFound('Opt-out');
  return toOptOut(row);
}

/** Opts a number back in (the recipient asked by other means than START). */
export async function removeOptOut(ctx: Ctx, id: string): Promise<void> {
  const row = await repo.optOutById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Opt-out');
  await inTransaction(ctx, async (tx) => {
    await repo.deleteOptOut(tx.db, id);
    await audit(tx, 'messaging.opt-out.remove', row, `Opted ${row.number} back in to messages from ${row.accountName}`, {
      before: { number: row.number, keyword: row.keyword, source: row.source },
    });
  });
}

/**
 * An inbound message's keyword (ingestion, the public API): STOP and its synonyms add the sender to
 * the account's ledger, START and its synonyms remove them. Runs in the caller's transaction.
 */
export async function applyInboundKeyword(
  tx: Ctx,
  m: { customerId: string; accountId: string; from: string; body: string },
): Promise<'opted-out' | 'opted-in' | null> {
  const word = m.body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) {
    await repo.insertOptOut(tx.db, {
      customerId: m.customerId,
      accountId: m.accountId,
      number: m.from,
      keyword: word,
      source: 'Inbound message',
    });
    return 'opted-out';
  }
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) {
    const row = await repo.optOutOf(tx.db, m.accountId, m.from);
    if (row) await repo.deleteOptOut(tx.db, row.id);
    return 'opted-in';
  }
  return null;
}

/** Whether a number has opted out of an account's messages (the send check). */
export async function isOptedOut(ctx: Ctx, accountId: string, number: string): Promise<boolean> {
  return Boolean(await repo.optOutOf(ctx.db, accountId, number));
}
