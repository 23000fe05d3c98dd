/**
 * Rate decks: which deck rates an account (its own, else its customer's, else the default), the
 * staff screens' list, creation and CSV import, and re-rating a period after a deck changes.
 */
import type { TRateDeck, TRatePrefix, ZRateDeckBody, ZRateImportBody } from '@portal/contract/billing';
import type { TPage } from '@portal/contract/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as decks from './deck-repo.ts';
import { compileDeck, type DeckRater, parseRateDeckCsv, rateCall } from './rating.ts';

const audit = auditFor('rate_deck');

export type { DeckRater };
export { rateCall };

const iso = (v: Date | string) => new Date(v).toISOString();

function toDeck(r: decks.DeckRow): TRateDeck {
  return {
    id: r.id,
    name: r.name,
    isDefault: r.is_default,
    customerId: r.customer_id,
    customerName: r.customer_name,
    accountId: r.account_id,
    accountName: r.account_name,
    inboundRatePerMinute: Number(r.inbound_rate_per_minute),
    prefixCount: Number(r.prefix_count),
    updatedAt: iso(r.updated_at),
  };
}

export async function listDecks(ctx: Ctx): Promise<TRateDeck[]> {
  return (await decks.listDecks(ctx.db)).map(toDeck);
}

export async function createDeck(ctx: Ctx, body: z.output<typeof ZRateDeckBody>): Promise<TRateDeck> {
  let customerId = body.customerId ?? null;
  const accountId = body.accountId ?? null;
  if (accountId) {
    const account = await findAccountInScope(ctx.db, accountId, customerId);
    if (!account) throw invalid({ accountId: 'Choose an account of this customer' });
    customerId = account.customerId;
  }
  const id = await inTransaction(ctx, async (tx) => {
    if (await decks.deckOwnerTaken(tx.db, customerId, accountId))
      throw new AppError(409, 'CONFLICT', 'This customer or account already has a rate deck', {
        [accountId ? 'accountId' : customerId ? 'customerId' : 'name']: 'Already has a rate deck',
      });
    const created = await decks.insertDeck(tx.db, {
      name: body.name,
      customerId,
      accountId,
      inboundRatePerMinute: body.inboundRatePerMinute,
      isDefault: false,
    });
    await audit(tx, 'rate_deck.create', { id: created, customerId }, `Created rate deck ${body.name}`);
    return created;
  });
  const row = (await decks.listDecks(ctx.db)).find((d) => d.id === id);
  if (!row) throw notFound('Rate deck');
  return toDeck(row);
}

export async function deleteDeck(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const deck = await decks.findDeck(tx.db, id);
    if (!deck) throw notFound('Rate deck');
    if (deck.isDefault) throw new AppError(409, 'CONFLICT', 'The default rate deck cannot be deleted');
    await decks.deleteDeck(tx.db, id);
    await audit(tx, 'rate_deck.delete', deck, `Deleted rate deck ${deck.name}`);
  });
  forgetCompiled();
}

export async function listRates(
  ctx: Ctx,
  id: string,
  q: { page: number; pageSize: number; search?: string | undefined },
): Promise<TPage<TRatePrefix>> {
  if (!(await decks.findDeck(ctx.db, id))) throw notFound('Rate deck');
  const { rows, total } = await decks.listPrefixes(ctx.db, id, q);
  return pageOf(
    rows.map((r) => ({
      prefix: r.prefix,
      description: r.description,
      ratePerMinute: Number(r.ratePerMinute),
      increments: `${r.firstIncrement}/${r.nextIncrement}`,
      effectiveFrom: r.effectiveFrom,
    })),
    total,
    q,
  );
}

/** CSV import: every line is checked first; with any bad line nothing is written (one transaction). */
export async function importRates(
  ctx: Ctx,
  id: string,
  body: z.output<typeof ZRateImportBody>,
): Promise<{ imported: number; errors: { line: number; message: string }[] }> {
  const deck = await decks.findDeck(ctx.db, id);
  if (!deck) throw notFound('Rate deck');
  const parsed = parseRateDeckCsv(body.csv);
  if (parsed.errors.length) return { imported: 0, errors: parsed.errors.slice(0, 100) };
  await inTransaction(ctx, async (tx) => {
    if (body.mode === 'replace') await decks.deletePrefixes(tx.db, id);
    await decks.upsertPrefixes(tx.db, id, parsed.rows);
    await decks.touchDeck(tx.db, id);
    await audit(
      tx,
      'rate_deck.import',
      deck,
      `Imported ${parsed.rows.length.toLocaleString('en-US')} rates into ${deck.name} (${body.mode})`,
    );
  });
  forgetCompiled();
  return { imported: parsed.rows.length, errors: [] };
}

// ---- rating records as they enter -----------------------------------------------------------------

const compiled = new Map<string, { version: string; rater: DeckRater }>();
function forgetCompiled() {
  compiled.clear();
}

/** The compiled deck (cached per deck and its last change). */
export async function raterOf(db: DbOrTx, deckId: string): Promise<DeckRater> {
  const deck = await decks.findDeck(db, deckId);
  if (!deck) throw notFound('Rate deck');
  const version = deck.updatedAt.toISOString();
  const hit = compiled.get(deckId);
  if (hit && hit.version === version) return hit.rater;
  const rows = await decks.allPrefixes(db, deckId);
  const rater: DeckRater = {
    deck: compileDeck(rows),
    inbound: {
      ratePerMinute: deck.inboundRatePerMinute,
      firstIncrement: deck.inboundFirstIncrement,
      nextIncrement: deck.inboundNextIncrement,
    },
  };
  compiled.set(deckId, { version, rater });
  return rater;
}

/** Re-rate (staff, as a job): recomputes the costs of an account's (or every account's) calls in a period and their rollups. */
export async function rerate(ctx: Ctx, input: { accountId?: string | undefined; from: string; to: string }): Promise<number> {
  let total = 0;
  for (const accountId of await decks.accountsWithCalls(ctx.db, input)) {
    const deckId = await decks.deckIdForAccount(ctx.db, accountId);
    if (!deckId) continue;
    const rater = await raterOf(ctx.db, deckId);
    await inTransaction(ctx, async (tx) => {
      const calls = await decks.callsOf(tx.db, accountId, input.from, input.to);
      const costs = calls.map((c) => ({ id: c.id, startedAt: c.startedAt, cost: rateCall(rater, c).cost }));
      await decks.updateCallCosts(tx.db, input.from, input.to, costs);
      await decks.rebuildVoiceRollups(tx.db, accountId, input.from, input.to);
      total += calls.length;
    });
  }
  await inTransaction(ctx, (tx) =>
    audit(
      tx,
      'rate_deck.rerate',
      { id: null, customerId: null },
      `Re-rated ${total.toLocaleString('en-US')} calls from ${input.from} to ${input.to}`,
    ),
  );
  return total;
}
