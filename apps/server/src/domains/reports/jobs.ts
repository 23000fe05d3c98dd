import { defineJob, type JobRun } from '../../jobs/queue.ts';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { notifyUsers } from '../notifications/service.ts';
import { cdrFileStream, collect, type QueuedCdrExport } from './export.ts';
import { FILE_DAYS, fileById, finishFile, purgeExpiredFiles } from './files.ts';
import { runDueSchedules } from './schedules.ts';

const untilDay = (at: Date) => at.toLocaleDateString('en-US', { timeZone: 'UTC', month: '2-digit', day: '2-digit', year: 'numeric' });

/**
 * A queued CDR export: the file's stored request (scope and instants resolved when it was asked
 * for) is streamed into memory, stored in the file (Ready), and its owner notified with a link to
 * their exports; after the last attempt a failure marks it Failed and says so.
 */
export async function runCdrExport(ctx: Ctx, fileId: string, run: Pick<JobRun, 'lastAttempt'> = { lastAttempt: true }): Promise<void> {
  const file = await fileById(ctx.db, fileId);
  if (file?.state !== 'Pending') return;
  const request = file.request as unknown as QueuedCdrExport;
  const link = `/${request.portal}/reports?tab=cdr`;
  try {
    const counted = { rows: 0 };
    const content = await collect((await cdrFileStream(ctx, request.criteria, request.format, counted)).body);
    await inTransaction(ctx, async (tx) => {
      const now = new Date();
      await finishFile(tx.db, fileId, { content, rows: counted.rows }, now);
      if (file.userId) {
        await notifyUsers(tx, [file.userId], {
          event: 'reportReady',
          title: 'Your export is ready',
          message: `${file.name} (${counted.rows.toLocaleString('en-US')} calls) is ready to download until ${untilDay(new Date(now.getTime() + FILE_DAYS * 86_400_000))} (UTC), from Reports.`,
          link,
        });
      }
    });
  } catch (err) {
    if (!run.lastAttempt) throw err;
    await inTransaction(ctx, async (tx) => {
      await finishFile(tx.db, fileId, { error: (err as Error).message || 'The export failed' });
      if (file.userId) {
        await notifyUsers(tx, [file.userId], {
          event: 'reportReady',
          title: 'Your export failed',
          message: `${file.name} could not be made. Please try again, or a shorter range.`,
          link,
        });
      }
    });
    throw err;
  }
}

export const cdrExportJob = defineJob<{ fileId: string }>(
  'reports.cdr-export',
  async (ctx, payload, run) => {
    await runCdrExport(ctx, payload.fileId, run);
  },
  { retry: { limit: 1, delaySeconds: 60 }, timeoutSeconds: 3600, concurrency: 1 },
);

/** Hourly (at :10): the scheduled reports whose time has come (weekly on Mondays, monthly on the 1st). */
export const reportSchedulesJob = defineJob(
  'reports.run-schedules',
  async (ctx) => {
    const result = await runDueSchedules(ctx);
    if (result.ran) ctx.log.info(result, 'scheduled reports');
  },
  { cron: '10 * * * *', retry: { limit: 1, delaySeconds: 300 }, timeoutSeconds: 3600 },
);

/** Daily (03:40 UTC): expired report files lose their content. */
export const purgeReportFilesJob = defineJob(
  'reports.purge-files',
  async (ctx) => {
    const purged = await purgeExpiredFiles(ctx);
    if (purged) ctx.log.info({ purged }, 'expired report files purged');
  },
  { cron: '40 3 * * *', retry: { limit: 1, delaySeconds: 600 } },
);
