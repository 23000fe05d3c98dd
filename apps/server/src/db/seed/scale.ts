/**
 * The scale generator (`npm run db:seed -- --scale N`): N more CDRs and N more messages spread
 * over the seeded accounts (those holding voice or SMS numbers) and the last year, loaded with
 * COPY (`COPY ... FROM STDIN` through pg-copy-streams on PostgreSQL, `COPY ... FROM '/dev/blob'`
 * on PGlite), each delivered message given its Delivered event (one set-based statement), then
 * folded into the usage_daily rollups so reports stay consistent with the raw rows.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { allPrefixes, deckIdForAccount, findDeck } from '../../domains/billing/deck-repo.ts';
import { compileDeck, type DeckRater, rateCall } from '../../domains/billing/rating.ts';
import type { Database } from '../client.ts';
import { ensurePartitions } from '../partitions.ts';

export interface ScaleOptions {
  cdrs: number;
  messages: number;
  /** Rows end at this time and start a year before. Default: now. */
  now?: Date;
  /** Called as rows are written (done, total). */
  onProgress?: (done: number, total: number) => void;
}

export interface ScaleResult {
  cdrs: number;
  messages: number;
  seconds: number;
  rowsPerSecond: number;
}

interface AccountPool {
  id: string;
  customerId: string;
  voice: string[];
  sms: string[];
  weight: number;
  /** The deck that rates the account's calls (its own, its customer's or the default). */
  rater: DeckRater | null;
}

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const CDR_COLUMNS = 'customer_id, account_id, call_id, from_number, to_number, started_at, duration_seconds, status, direction, cost';
const MESSAGE_COLUMNS =
  'customer_id, account_id, message_id, from_number, to_number, type, direction, status, segments, cost, sent_at, updated_at';
/** Rows per COPY chunk on PGlite (one blob each) and per write on PostgreSQL. */
const PGLITE_CHUNK = 50_000;
const PG_WRITE = 5_000;

/** A small fast PRNG (mulberry32): the same seed gives the same rows. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function accountPools(database: Database): Promise<AccountPool[]> {
  const result = await database.db.execute<{ id: string; customer_id: string; voice: string[] | null; sms: string[] | null }>(sql`
    SELECT a.id, a.customer_id,
           array_agg(n.number) FILTER (WHERE 'Voice' = ANY(n.features)) AS voice,
           array_agg(n.number) FILTER (WHERE 'SMS' = ANY(n.features)) AS sms
    FROM accounts a JOIN phone_numbers n ON n.account_id = a.id
    WHERE a.deleted_at IS NULL AND a.status IN ('active', 'suspended')
    GROUP BY a.id, a.customer_id
    ORDER BY a.id`);
  const rows = (result as unknown as { rows: { id: string; customer_id: string; voice: string[] | null; sms: string[] | null }[] }).rows;
  const rand = prng(7);
  const raters = new Map<string, DeckRater>();
  const raterOf = async (accountId: string): Promise<DeckRater | null> => {
    const deckId = await deckIdForAccount(database.db, accountId);
    if (!deckId) return null;
    let rater = raters.get(deckId);
    if (!rater) {
      const deck = await findDeck(database.db, deckId);
      if (!deck) return null;
      rater = {
        deck: compileDeck(await allPrefixes(database.db, deckId)),
        inbound: {
          ratePerMinute: deck.inboundRatePerMinute,
          firstIncrement: deck.inboundFirstIncrement,
          nextIncrement: deck.inboundNextIncrement,
        },
      };
      raters.set(deckId, rater);
    }
    return rater;
  };
  const pools: AccountPool[] = [];
  for (const r of rows)
    pools.push({
      id: r.id,
      customerId: r.customer_id,
      voice: r.voice ?? [],
      sms: r.sms ?? [],
      // a few busy accounts and a long tail, like a real book
      weight: 0.2 + rand() ** 3 * 5,
      rater: await raterOf(r.id),
    });
  return pools;
}

/** Picks accounts by weight in O(log n). */
function picker(pools: AccountPool[], rand: () => number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (const p of pools) {
    sum += p.weight;
    cumulative.push(sum);
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return pools[lo] as AccountPool;
  };
}

/** One of the items, chosen with rand. */
const oneOf = <T>(rand: () => number, items: readonly T[]) => items[Math.floor(rand() * items.length)] as T;

/** A chunk of COPY text: n lines, each made by `line`. */
function chunk(n: number, line: () => string): string {
  let out = '';
  for (let i = 0; i < n; i++) out += line();
  return out;
}

function remoteNumber(rand: () => number): string {
  const npa = 201 + Math.floor(rand() * 789);
  const nxx = 200 + Math.floor(rand() * 800);
  const line = Math.floor(rand() * 10_000);
  return `+1${npa}${nxx}${String(line).padStart(4, '0')}`;
}

/** Country prefixes of the default deck (United Kingdom, Mexico, Germany, France, Australia). */
const ABROAD = ['+44207946', '+447700900', '+5255', '+4930', '+331', '+61255'];

/** The other end of an outbound call or message: now and then a number outside +1 (international). */
function outboundRemote(rand: () => number, share: number): string {
  if (rand() >= share) return remoteNumber(rand);
  const prefix = oneOf(rand, ABROAD);
  return `${prefix}${String(Math.floor(rand() * 1e6)).padStart(6, '0')}`;
}

/** A time in the last year, busier in business hours; whole milliseconds (the cursor's precision). */
function callTime(rand: () => number, end: number): string {
  const day = Math.floor((end - rand() * YEAR) / DAY) * DAY;
  const hour = rand() < 0.8 ? 13 + Math.floor(rand() * 10) : Math.floor(rand() * 24);
  const at = Math.min(end, day + hour * 3_600_000 + Math.floor(rand() * 3_600_000));
  return new Date(at).toISOString();
}

/** One CDR of the account, as a COPY line. */
function cdrLine(a: AccountPool, rand: () => number, end: number): string {
  const own = oneOf(rand, a.voice);
  const outbound = rand() < 0.6;
  const s = rand();
  const status = s < 0.86 ? 'Completed' : s < 0.93 ? 'No Answer' : s < 0.97 ? 'Busy' : 'Failed';
  const duration = status === 'Completed' ? Math.min(3600, 4 + Math.floor(-Math.log(1 - rand()) * 165)) : 0;
  const remote = outbound ? outboundRemote(rand, 0.04) : remoteNumber(rand);
  const startedAt = callTime(rand, end);
  // rated as it enters, against the account's deck
  const cost = a.rater
    ? rateCall(a.rater, {
        direction: outbound ? 'Outbound' : 'Inbound',
        toNumber: outbound ? remote : own,
        startedAt: new Date(startedAt),
        durationSeconds: duration,
      }).cost.toFixed(4)
    : '0.0000';
  return `${a.customerId},${a.id},${randomUUID()},${outbound ? own : remote},${outbound ? remote : own},${startedAt},${duration},${status},${outbound ? 'Outbound' : 'Inbound'},${cost}\n`;
}

/** One message of the account, as a COPY line. */
function messageLine(a: AccountPool, rand: () => number, end: number): string {
  const own = oneOf(rand, a.sms);
  const outbound = rand() < 0.7;
  const mms = rand() < 0.08;
  const s = rand();
  const status = s < 0.94 ? 'Delivered' : s < 0.98 ? 'Failed' : 'Sent';
  const segments = mms ? 1 : 1 + Math.floor(rand() ** 4 * 3);
  const cost = (mms ? 0.02 : segments * 0.0075).toFixed(4);
  const remote = outbound ? outboundRemote(rand, 0.02) : remoteNumber(rand);
  const sentAt = callTime(rand, end);
  // its last status change: received at once (inbound), else handed to the carrier, then
  // delivered a few seconds later (the Delivered event written after the load) or failed
  const sent = Date.parse(sentAt);
  const handed = sent + 80 + Math.floor(rand() * 520);
  const changed = !outbound
    ? sent
    : status === 'Delivered'
      ? handed + 400 + Math.round(-Math.log(1 - rand()) * 2_500)
      : status === 'Failed'
        ? handed + 1_000 + Math.floor(rand() * 19_000)
        : handed;
  const updatedAt = new Date(Math.min(changed, end)).toISOString();
  return `${a.customerId},${a.id},SM${randomUUID().replaceAll('-', '')},${outbound ? own : remote},${outbound ? remote : own},${mms ? 'MMS' : 'SMS'},${outbound ? 'Outbound' : 'Inbound'},${status},${segments},${cost},${sentAt},${updatedAt}\n`;
}

type ChunkMaker = (n: number) => string;

async function copyRows(
  database: Database,
  table: string,
  columns: string,
  total: number,
  make: ChunkMaker,
  progress: (n: number) => void,
) {
  if (total <= 0) return;
  const statementFor = (source: string) => `COPY ${table} (${columns}) FROM ${source} WITH (FORMAT csv)`;
  if (database.kind === 'pglite' && database.pglite) {
    for (let done = 0; done < total; ) {
      const n = Math.min(PGLITE_CHUNK, total - done);
      await database.pglite.query(statementFor("'/dev/blob'"), [], { blob: new Blob([make(n)]) });
      done += n;
      progress(n);
    }
    return;
  }
  if (!database.pool) throw new Error('No database pool');
  const client = await database.pool.connect();
  try {
    const stream = client.query(copyFrom(statementFor('STDIN')));
    const finished = once(stream, 'finish');
    for (let done = 0; done < total; ) {
      const n = Math.min(PG_WRITE, total - done);
      if (!stream.write(make(n))) await once(stream, 'drain');
      done += n;
      progress(n);
    }
    stream.end();
    await finished;
  } finally {
    client.release();
  }
}

async function maxId(database: Database, table: 'cdrs' | 'messages'): Promise<number> {
  const result = await database.db.execute<{ id: number | string | null }>(sql.raw(`SELECT max(id) AS id FROM ${table}`));
  return Number((result as unknown as { rows: { id: number | string | null }[] }).rows[0]?.id ?? 0);
}

/**
 * The Delivered event of each delivered message with id > after (one set-based statement after the
 * COPY, at the message's last status change): what the latency of the rollups is computed from.
 */
async function deliveryEvents(database: Database, afterMessage: number): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO message_events (message_id, status, detail, created_at)
    SELECT id, 'Delivered', CASE WHEN direction = 'Inbound' THEN 'Received from the carrier' ELSE 'Delivered to the handset' END, updated_at
    FROM messages WHERE id > ${afterMessage} AND status = 'Delivered'`);
}

/**
 * Folds rows with id > after into usage_daily (per UTC day, account and service), as seed()
 * computes them: with the inbound and international counts and, for outbound messages delivered,
 * the latency to their Delivered event.
 */
async function rollUp(database: Database, afterCdr: number, afterMessage: number): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO usage_daily AS u (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound, international)
    SELECT (started_at AT TIME ZONE 'UTC')::date, customer_id, account_id, 'Voice',
           count(*)::int, (count(*) FILTER (WHERE status = 'Completed'))::int, (count(*) FILTER (WHERE status <> 'Completed'))::int,
           coalesce(sum(ceil(duration_seconds / 60.0) * 60), 0)::int, round(sum(cost), 4),
           (count(*) FILTER (WHERE direction = 'Inbound'))::int,
           (count(*) FILTER (WHERE direction = 'Outbound' AND to_number NOT LIKE '+1%'))::int
    FROM cdrs WHERE id > ${afterCdr}
    GROUP BY 1, 2, 3
    ON CONFLICT (day, account_id, service) DO UPDATE SET
      volume = u.volume + excluded.volume, succeeded = u.succeeded + excluded.succeeded, failed = u.failed + excluded.failed,
      units = u.units + excluded.units, revenue = u.revenue + excluded.revenue,
      inbound = u.inbound + excluded.inbound, international = u.international + excluded.international`);
  await database.db.execute(sql`
    INSERT INTO usage_daily AS u (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound, international,
                                  latency_ms, latency_count)
    SELECT (m.sent_at AT TIME ZONE 'UTC')::date, m.customer_id, m.account_id, 'SMS',
           count(*)::int, (count(*) FILTER (WHERE m.status = 'Delivered'))::int, (count(*) FILTER (WHERE m.status = 'Failed'))::int,
           coalesce(sum(m.segments), 0)::int, round(sum(m.cost), 4),
           (count(*) FILTER (WHERE m.direction = 'Inbound'))::int,
           (count(*) FILTER (WHERE m.direction = 'Outbound' AND m.to_number NOT LIKE '+1%'))::int,
           coalesce(sum(round(extract(epoch FROM (d.at - m.sent_at)) * 1000)), 0)::bigint, count(d.at)::int
    FROM messages m
    LEFT JOIN (SELECT message_id, min(created_at) AS at FROM message_events
               WHERE message_id > ${afterMessage} AND status = 'Delivered' GROUP BY 1) d
      ON d.message_id = m.id AND m.direction = 'Outbound' AND m.status = 'Delivered'
    WHERE m.id > ${afterMessage}
    GROUP BY 1, 2, 3
    ON CONFLICT (day, account_id, service) DO UPDATE SET
      volume = u.volume + excluded.volume, succeeded = u.succeeded + excluded.succeeded, failed = u.failed + excluded.failed,
      units = u.units + excluded.units, revenue = u.revenue + excluded.revenue,
      inbound = u.inbound + excluded.inbound, international = u.international + excluded.international,
      latency_ms = u.latency_ms + excluded.latency_ms, latency_count = u.latency_count + excluded.latency_count`);
}

/**
 * On the embedded PGlite (one process, one user: the developer) a big load is about twice as fast
 * when the secondary indexes are dropped and rebuilt once afterwards, as PostgreSQL's own bulk-load
 * advice says. A PostgreSQL server may be serving users, so there the indexes stay.
 */
async function withoutSecondaryIndexes(database: Database, tables: string[], load: () => Promise<void>): Promise<void> {
  if (database.kind !== 'pglite') return load();
  const result = await database.db.execute<{ indexname: string; indexdef: string }>(sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
  const indexes = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const { indexname } of indexes) await database.db.execute(sql.raw(`DROP INDEX IF EXISTS "${indexname}"`));
  try {
    await load();
  } finally {
    await database.db.execute(sql`SET maintenance_work_mem = '256MB'`);
    // a partitioned table's index reads "ON ONLY <table>" (the parent alone): made again, it is for every month
    for (const { indexdef } of indexes) await database.db.execute(sql.raw(indexdef.replace(' ON ONLY ', ' ON ')));
    await database.db.execute(sql`RESET maintenance_work_mem`);
  }
}

/** Adds the rows; the database must be seeded (it needs accounts with numbers). */
export async function scale(database: Database, opts: ScaleOptions): Promise<ScaleResult> {
  const pools = await accountPools(database);
  const voice = pools.filter((p) => p.voice.length > 0);
  const sms = pools.filter((p) => p.sms.length > 0);
  if ((opts.cdrs > 0 && !voice.length) || (opts.messages > 0 && !sms.length)) {
    throw new Error('No seeded accounts with numbers: seed the demo data first.');
  }
  const end = (opts.now ?? new Date()).getTime();
  const total = opts.cdrs + opts.messages;
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, total);
  };
  const [afterCdr, afterMessage] = [await maxId(database, 'cdrs'), await maxId(database, 'messages')];
  const started = performance.now();
  for (const table of ['cdrs', 'messages', 'message_events'] as const)
    await ensurePartitions(database.db, table, new Date(end - YEAR - DAY), new Date(end + DAY));
  const rand = prng(382 + afterCdr);
  const pickVoice = picker(voice, rand);
  const pickSms = picker(sms, rand);
  await withoutSecondaryIndexes(database, ['cdrs', 'messages', 'message_events'], async () => {
    await copyRows(database, 'cdrs', CDR_COLUMNS, opts.cdrs, (n) => chunk(n, () => cdrLine(pickVoice(), rand, end)), progress);
    await copyRows(
      database,
      'messages',
      MESSAGE_COLUMNS,
      opts.messages,
      (n) => chunk(n, () => messageLine(pickSms(), rand, end)),
      progress,
    );
    await deliveryEvents(database, afterMessage);
  });
  // The rate counts the index rebuild too: it is part of loading the rows.
  const seconds = (performance.now() - started) / 1000;
  await rollUp(database, afterCdr, afterMessage);
  await database.db.execute(sql`ANALYZE cdrs`);
  await database.db.execute(sql`ANALYZE messages`);
  await database.db.execute(sql`ANALYZE message_events`);
  await database.db.execute(sql`ANALYZE usage_daily`);
  return { cdrs: opts.cdrs, messages: opts.messages, seconds, rowsPerSecond: total / Math.max(seconds, 1e-9) };
}

/** A terminal progress bar on stderr: redrawn in place on a TTY, every 10% otherwise. */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = performance.now();
  let lastTenth = -1;
  return (done: number, total: number) => {
    const ratio = total ? done / total : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const rate = done / Math.max((performance.now() - started) / 1000, 1e-3);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} rows, ${Math.round(rate).toLocaleString('en-US')} rows/s`;
    if (stream.isTTY) {
      stream.write(`\r${line}`);
      if (done >= total) stream.write('\n');
    } else {
      const tenth = Math.floor(ratio * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${line}\n`);
      }
    }
  };
}
