import { purgeApiRequestsJob } from '../domains/api-access/jobs.ts';
import { sweepExpiredSessionsJob } from '../domains/auth/jobs.ts';
import { autoPayJob, budgetJob, invoiceRunJob, overdueJob, rerateJob, settlePaymentJob } from '../domains/billing/jobs.ts';
import { sendEmailJob, sendSmsJob } from '../domains/email/jobs.ts';
import { purgeMessagesJob, simulateDeliveryJob } from '../domains/messaging/jobs.ts';
import { weeklyDigestJob } from '../domains/notifications/jobs.ts';
import { cdrExportJob, purgeReportFilesJob, reportSchedulesJob } from '../domains/reports/jobs.ts';
import { deactivateStaleIpsJob, purgeCdrsJob } from '../domains/voice/jobs.ts';
import { deliverDueWebhooksJob, deliverWebhookJob } from '../domains/webhooks/jobs.ts';
import { maintainPartitionsJob } from './partitions.ts';
import type { JobDefinition } from './queue.ts';
import { vacuumEmbeddedJob } from './statistics.ts';

/** Every job of the portal: each gets its queue (and its schedule) when the server starts. */
export const ALL_JOBS: readonly JobDefinition<never>[] = [
  sendEmailJob,
  sendSmsJob,
  sweepExpiredSessionsJob,
  deactivateStaleIpsJob,
  purgeCdrsJob,
  maintainPartitionsJob,
  vacuumEmbeddedJob,
  purgeMessagesJob,
  simulateDeliveryJob,
  purgeApiRequestsJob,
  deliverWebhookJob,
  deliverDueWebhooksJob,
  invoiceRunJob,
  overdueJob,
  autoPayJob,
  settlePaymentJob,
  rerateJob,
  budgetJob,
  weeklyDigestJob,
  cdrExportJob,
  reportSchedulesJob,
  purgeReportFilesJob,
];
