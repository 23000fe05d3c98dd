/**
 * Files made by a job (large CDR exports, scheduled reports), kept in report_files so any instance
 * serves them, downloaded through a link that carries its own token until the file expires.
 *
 * The token is an HMAC of the file's id under a key the portal keeps (made on first use), so the
 * owner's list can show the same link again while the table stores only the token's SHA-256 (the
 * download looks the file up by it). Whoever holds the link may download: it is the credential.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { TReportFile, TReportFormat } from '@portal/contract/reports';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportFiles, systemSettings } from '../../db/schema/index.ts';
import { type Ctx, userOf } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';

/** How long a file's link works. */
export const FILE_DAYS = 7;
export const FILE_LIST_SIZE = 20;
const DAY_MS = 86_400_000;
/** The system_settings row holding the links' key (the settings screen reads only its own row, 'system'). */
const LINK_KEY = 'reports.file-links';

export const DOWNLOAD_PATH = '/api/reports/files/download/';

export const expiryFrom = (now: Date) => new Date(now.getTime() + FILE_DAYS * DAY_MS);

const keys = new WeakMap<object, Buffer>();

/** The links' key: read once per database, created by the first instance that needs it. */
async function linkKey(ctx: Ctx): Promise<Buffer> {
  const cached = keys.get(ctx.database);
  if (cached) return cached;
  await ctx.db
    .insert(systemSettings)
    .values({ key: LINK_KEY, value: { key: randomBytes(32).toString('base64') } })
    .onConflictDoNothing({ target: systemSettings.key });
  const [row] = await ctx.db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, LINK_KEY));
  const text = (row?.value as { key?: unknown } | undefined)?.key;
  if (typeof text !== 'string') throw new Error('The report links have no key');
  const key = Buffer.from(text, 'base64');
  keys.set(ctx.database, key);
  return key;
}

/** The download token of a file (the same every time it is asked for). */
export async function fileToken(ctx: Ctx, fileId: string): Promise<string> {
  return createHmac('sha256', await linkKey(ctx))
    .update(`report-file:${fileId}`)
    .digest('base64url');
}

/** The portal-relative download address; emails prefix the public URL. */
export const downloadPath = (token: string) => `${DOWNLOAD_PATH}${token}`;

type FileRow = typeof reportFiles.$inferSelect;

const fileColumns = {
  id: reportFiles.id,
  userId: reportFiles.userId,
  customerId: reportFiles.customerId,
  scheduleId: reportFiles.scheduleId,
  name: reportFiles.name,
  format: reportFiles.format,
  state: reportFiles.state,
  request: reportFiles.request,
  bytes: reportFiles.bytes,
  rows: reportFiles.rows,
  error: reportFiles.error,
  createdAt: reportFiles.createdAt,
  expiresAt: reportFiles.expiresAt,
};
export type FileInfo = Omit<FileRow, 'content' | 'tokenHash'>;

/** A file as its owner sees it: the link while it is Ready and has not expired. */
export async function fileView(ctx: Ctx, f: FileInfo, now = new Date()): Promise<TReportFile> {
  const live = f.state === 'Ready' && f.expiresAt > now;
  return {
    id: f.id,
    name: f.name,
    format: f.format,
    state: f.state,
    bytes: f.bytes,
    rows: f.rows,
    error: f.error,
    createdAt: f.createdAt.toISOString(),
    expiresAt: f.expiresAt.toISOString(),
    url: live ? downloadPath(await fileToken(ctx, f.id)) : null,
  };
}

export interface NewFile {
  userId: string | null;
  customerId: string | null;
  scheduleId?: string | null;
  name: string;
  format: TReportFormat;
  request: Record<string, unknown>;
  now?: Date;
  /** A finished file (a scheduled report): its content and rows. */
  content?: { bytes: Buffer; rows: number | null };
}

/** Adds a file (Pending, or Ready with its content) in the caller's transaction; returns it and its token. */
export async function insertFile(ctx: Ctx, f: NewFile): Promise<{ file: FileInfo; token: string }> {
  const id = randomUUID();
  const token = await fileToken(ctx, id);
  const now = f.now ?? new Date();
  const [row] = await ctx.db
    .insert(reportFiles)
    .values({
      id,
      userId: f.userId,
      customerId: f.customerId,
      scheduleId: f.scheduleId ?? null,
      name: f.name,
      format: f.format,
      request: f.request,
      tokenHash: sha256(token),
      state: f.content ? 'Ready' : 'Pending',
      content: f.content?.bytes ?? null,
      bytes: f.content ? f.content.bytes.length : null,
      rows: f.content?.rows ?? null,
      createdAt: now,
      expiresAt: expiryFrom(now),
    })
    .returning(fileColumns);
  if (!row) throw new Error('The file was not added');
  return { file: row, token };
}

export async function fileById(db: DbOrTx, id: string): Promise<FileInfo | undefined> {
  const [row] = await db.select(fileColumns).from(reportFiles).where(eq(reportFiles.id, id));
  return row;
}

/** A job's outcome: the content (Ready) or the reason (Failed). The link's week starts now. */
export async function finishFile(
  db: DbOrTx,
  id: string,
  outcome: { content: Buffer; rows: number } | { error: string },
  now = new Date(),
): Promise<void> {
  await db
    .update(reportFiles)
    .set(
      'content' in outcome
        ? {
            state: 'Ready',
            content: outcome.content,
            bytes: outcome.content.length,
            rows: outcome.rows,
            error: null,
            expiresAt: expiryFrom(now),
          }
        : { state: 'Failed', error: outcome.error.slice(0, 500), content: null },
    )
    .where(and(eq(reportFiles.id, id), eq(reportFiles.state, 'Pending')));
}

/** The caller's files, newest first (the last 20). */
export async function listFiles(ctx: Ctx): Promise<{ items: TReportFile[] }> {
  const me = userOf(ctx);
  const rows = await ctx.db
    .select(fileColumns)
    .from(reportFiles)
    .where(eq(reportFiles.userId, me.userId))
    .orderBy(desc(reportFiles.createdAt), desc(reportFiles.id))
    .limit(FILE_LIST_SIZE);
  const now = new Date();
  return { items: await Promise.all(rows.map((r) => fileView(ctx, r, now))) };
}

/** One of the caller's own files; anyone else's is a 404. */
export async function getFile(ctx: Ctx, id: string): Promise<TReportFile> {
  const me = userOf(ctx);
  const row = await fileById(ctx.db, id);
  if (!row || row.userId !== me.userId) throw notFound('File');
  return fileView(ctx, row);
}

export const LINK_EXPIRED = 'This download link has expired. Please export the report again.';

/** The content behind a link: unknown → 404, expired → 410, still being made → 409. */
export async function fileByToken(
  ctx: Ctx,
  token: string,
  now = new Date(),
): Promise<{ name: string; format: TReportFormat; content: Buffer }> {
  const [row] = await ctx.db
    .select({
      name: reportFiles.name,
      format: reportFiles.format,
      state: reportFiles.state,
      content: reportFiles.content,
      expiresAt: reportFiles.expiresAt,
    })
    .from(reportFiles)
    .where(eq(reportFiles.tokenHash, sha256(token)));
  // an unknown link says no more than any address that names no record
  if (!row || row.state === 'Failed') throw notFound();
  if (row.expiresAt <= now) throw new AppError(410, 'NOT_FOUND', LINK_EXPIRED);
  if (row.state === 'Pending' || !row.content) throw conflict('This file is still being prepared. Please try again in a moment.');
  return { name: row.name, format: row.format, content: row.content };
}

/** The daily purge: expired files lose their content (the row stays, listed as expired). */
export async function purgeExpiredFiles(ctx: Ctx, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .update(reportFiles)
    .set({ content: null })
    .where(and(lt(reportFiles.expiresAt, now), isNotNull(reportFiles.content)))
    .returning({ id: reportFiles.id });
  return gone.length;
}
