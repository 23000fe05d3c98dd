import type { TPage } from '@portal/contract/common';
import {
  BLOCKS_SUMMARY_DAYS,
  DNC_CSV_HEADER,
  DNC_LIST_TYPES,
  isDncBlock,
  normaliseDncEntry,
  REQUIRED_FIELDS,
  type TDncEntry,
  type TDncListType,
  type TDncSummary,
  type TExportDncQuery,
  type TImportDncResult,
  type TListDncQuery,
  type ZCreateDncBody,
  type ZImportDncBody,
} from '@portal/contract/compliance';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type Ctx, inTransaction, ownCustomer, userOf } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { type CsvExport, keysetRows } from '../../lib/export.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('dnc_entry');

const duplicateMessage = (listType: TDncListType) => `This number is already on the ${listType} list for this customer`;
const MAX_IMPORT_LINES = 10_000;

export async function listEntries(ctx: Ctx, q: TListDncQuery): Promise<TPage<TDncEntry>> {
  const { customerId } = await resolveListScope(ctx, { customerId: q.customerId });
  const { rows, total } = await repo.listEntries(ctx.db, customerId, q);
  return pageOf(
    rows.map((r) => ({ ...r, block: isDncBlock(r.number), addedAt: r.addedAt.toISOString() })),
    total,
    q,
  );
}

/** The filtered lists as CSV (staff: the Customer column), read in keyset chunks. */
export async function exportEntries(ctx: Ctx, q: TExportDncQuery): Promise<CsvExport> {
  const { customerId } = await resolveListScope(ctx, { customerId: q.customerId });
  return {
    fileName: `${(q.listType ?? 'dnc-dno').toLowerCase()}-entries-${new Date().toISOString().slice(0, 10)}.csv`,
    header: DNC_CSV_HEADER,
    rows: keysetRows(
      2000,
      (after: string | null, size) => repo.entriesAfter(ctx.db, customerId, q, after, size),
      (r) => r.id,
      (r) => [r.number, r.listType, r.customerName, r.reason ?? '', r.addedAt.toISOString().slice(0, 10), r.addedBy ?? ''],
    ),
  };
}

/** The UTC day `days - 1` days before `now`'s: the first day of a window of `days` days ending today. */
const windowStart = (now: Date, days: number) => new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

/** Entries per list, and what each list stopped in the last 30 days (today included). */
export async function summary(ctx: Ctx, q: { customerId?: string | undefined }): Promise<TDncSummary> {
  const { customerId } = await resolveListScope(ctx, q);
  const [entries, stopped] = await Promise.all([
    repo.countByList(ctx.db, customerId),
    repo.blockedSince(ctx.db, customerId, windowStart(new Date(), BLOCKS_SUMMARY_DAYS)),
  ]);
  const of = (rows: { listType: TDncListType; n: number }[], listType: TDncListType) => rows.find((r) => r.listType === listType)?.n ?? 0;
  return {
    DNC: of(entries, 'DNC'),
    DNO: of(entries, 'DNO'),
    stopped: { DNC: of(stopped, 'DNC'), DNO: of(stopped, 'DNO') },
  };
}

/** The customer an entry belongs to: a customer user's own company; staff must name one in reach. */
async function targetCustomer(ctx: Ctx, requested: string | null | undefined): Promise<string> {
  const customerId = ownCustomer(ctx) ?? requested;
  if (!customerId) throw invalid({ customerId: REQUIRED_FIELDS }, REQUIRED_FIELDS);
  await resolveListScope(ctx, { customerId });
  return customerId;
}

export async function createEntry(ctx: Ctx, body: z.output<typeof ZCreateDncBody>): Promise<TDncEntry> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const me = userOf(ctx);
  const id = await inTransaction(ctx, async (tx) => {
    if ((await repo.existing(tx.db, customerId, body.listType, [body.number])).size)
      throw invalid({ number: duplicateMessage(body.listType) });
    const [row] = await repo.insertEntries(tx.db, [
      { customerId, number: body.number, listType: body.listType, reason: body.reason, addedById: me.userId },
    ]);
    await audit(tx, 'compliance.add', { id: row?.id, customerId }, `Added ${body.number} to the ${body.listType} list`, {
      after: { number: body.number, listType: body.listType, reason: body.reason },
    });
    return row?.id as string;
  });
  const page = await repo.listEntries(ctx.db, customerId, {
    page: 1,
    pageSize: 10,
    search: body.number.replace(/\D/g, ''),
    listType: body.listType,
  });
  const row = page.rows.find((r) => r.id === id);
  if (!row) throw notFound('Entry');
  return { ...row, block: isDncBlock(row.number), addedAt: row.addedAt.toISOString() };
}

export async function deleteEntry(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.deleteEntry(tx.db, id, ownCustomer(tx));
    if (!row) throw notFound('Entry');
    await audit(tx, 'compliance.remove', row, `Removed ${row.number} from the ${row.listType} list`, {
      before: { number: row.number, listType: row.listType, reason: row.reason },
    });
  });
}

/**
 * Bulk import from CSV (number,type,reason): every line is checked, the good ones are added in one
 * transaction and one audit entry, and each rejected line comes back with its reason.
 */
export async function importEntries(ctx: Ctx, body: z.output<typeof ZImportDncBody>): Promise<TImportDncResult> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const me = userOf(ctx);
  let records: { record: string[]; line: number }[];
  try {
    records = (
      parse(body.csv, { relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
        record: string[];
        info: { lines: number };
      }[]
    ).map((r) => ({ record: r.record, line: r.info.lines }));
  } catch (err) {
    throw invalid({ csv: `The file is not valid CSV: ${(err as Error).message}` });
  }
  if (records.length > MAX_IMPORT_LINES)
    throw invalid({ csv: `Import at most ${MAX_IMPORT_LINES.toLocaleString('en-US')} lines at a time` });
  const rejected: TImportDncResult['rejected'] = [];
  const accepted: { number: string; listType: TDncListType; reason: string | null; line: number; text: string }[] = [];
  const seen = new Set<string>();
  for (const { record, line } of records) {
    const [rawNumber = '', rawType = '', rawReason = ''] = record;
    const text = record.join(',');
    if (line === 1 && /^(number|phone)/i.test(rawNumber)) continue; // a header line
    const number = normaliseDncEntry(rawNumber);
    const listType = (rawType ? rawType.toUpperCase() : body.listType) as TDncListType;
    if (!rawNumber) rejected.push({ line, text, reason: 'The number is missing' });
    else if (!number) rejected.push({ line, text, reason: `"${rawNumber}" is not a phone number or an area code block` });
    else if (!(DNC_LIST_TYPES as readonly string[]).includes(listType))
      rejected.push({ line, text, reason: `The type must be DNC or DNO, not "${rawType}"` });
    else if (seen.has(`${listType}:${number}`)) rejected.push({ line, text, reason: `${number} appears more than once in the file` });
    else {
      seen.add(`${listType}:${number}`);
      accepted.push({ number, listType, reason: rawReason.slice(0, 200) || null, line, text });
    }
  }
  const added = await inTransaction(ctx, async (tx) => {
    const fresh = [];
    for (const listType of DNC_LIST_TYPES) {
      const mine = accepted.filter((a) => a.listType === listType);
      const already = await existingIn(
        tx.db,
        customerId,
        listType,
        mine.map((a) => a.number),
      );
      for (const a of mine) {
        if (already.has(a.number)) rejected.push({ line: a.line, text: a.text, reason: duplicateMessage(listType) });
        else fresh.push(a);
      }
    }
    const rows = await repo.insertEntries(
      tx.db,
      fresh.map((a) => ({ customerId, number: a.number, listType: a.listType, reason: a.reason, addedById: me.userId })),
    );
    await audit(
      tx,
      'compliance.import',
      { id: null, customerId },
      `Imported ${rows.length} DNC/DNO entr${rows.length === 1 ? 'y' : 'ies'} (${rejected.length} line${rejected.length === 1 ? '' : 's'} rejected)`,
      { after: { added: rows.length, rejected: rejected.length } },
    );
    return rows.length;
  });
  rejected.sort((a, b) => a.line - b.line);
  return { added, rejected };
}

const existingIn = (db: DbOrTx, customerId: string, listType: TDncListType, numbers: string[]) =>
  repo.existing(db, customerId, listType, numbers);

/** An entry that forbids using a number (the number itself or its area-code block). */
export interface Covering {
  id: string;
  /** The entry: an E.164 number, or a block ('+1212', '+1212555'). */
  number: string;
  listType: TDncListType;
}

/**
 * The entries that forbid these numbers: DNC (calling or messaging them) or DNO (them originating
 * traffic), by the number itself or its area-code block, each on its own customer's list. One
 * query for the whole batch (call ingestion); keyed by `${customerId} ${number}` as given.
 */
export async function blockedAmong(
  ctx: Ctx,
  listType: TDncListType,
  candidates: { customerId: string; number: string }[],
): Promise<Map<string, Covering>> {
  // each distinct number normalised once (a batch of calls repeats its customers' numbers)
  const normalised = new Map<string, string | null>();
  const asked = candidates.flatMap((c) => {
    if (!normalised.has(c.number)) normalised.set(c.number, normaliseDncEntry(c.number));
    const e164 = normalised.get(c.number);
    return e164 ? [{ ...c, e164 }] : [];
  });
  const unique = new Map(asked.map((c) => [`${c.customerId} ${c.e164}`, { customerId: c.customerId, number: c.e164 }]));
  const rows = await repo.covering(ctx.db, listType, [...unique.values()]);
  const found = new Map(rows.map((r) => [`${r.customerId} ${r.candidate}`, { id: r.id, number: r.number, listType: r.listType }]));
  const answer = new Map<string, Covering>();
  for (const c of asked) {
    const entry = found.get(`${c.customerId} ${c.e164}`);
    if (entry) answer.set(`${c.customerId} ${c.number}`, entry);
  }
  return answer;
}

/**
 * The entry that forbids using a number: DNC (calling or messaging it) or DNO (it originating
 * traffic), by the number itself or its area-code block. For the public API and call ingestion.
 */
export async function blockedBy(ctx: Ctx, customerId: string, number: string, listType: TDncListType): Promise<Covering | undefined> {
  return (await blockedAmong(ctx, listType, [{ customerId, number }])).get(`${customerId} ${number}`);
}

/**
 * Counts what the lists stopped (a message refused for DNC, a call refused for DNO) into the
 * daily counts of the compliance screen: per UTC day of `at`, customer and list, in one
 * statement, in the caller's transaction.
 */
export async function countBlocks(ctx: Ctx, blocks: { customerId: string; listType: TDncListType; at: Date }[]): Promise<void> {
  await repo.addBlocks(
    ctx.db,
    blocks.map((b) => ({ day: b.at.toISOString().slice(0, 10), customerId: b.customerId, listType: b.listType })),
  );
}
