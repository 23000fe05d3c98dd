import type { TComplianceStatus } from '@portal/contract/messaging-consent';
import type { Ctx } from '../../lib/context.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { getSettings } from '../../lib/settings.ts';
import * as repo from './repo.ts';

// The Status tab's compliance cards

export async function complianceStatus(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<TComplianceStatus> {
  const scope = await resolveListScope(ctx, q);
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [numbers, approved, optOut, settings] = await Promise.all([
    repo.unlinkedSmsNumbers(ctx.db, scope, 50),
    repo.approvedCampaignCount(ctx.db, scope),
    repo.optOutHealth(ctx.db, scope, since),
    getSettings(ctx.db),
  ]);
  return {
    tenDlc: {
      state: numbers.unlinkedTotal > 0 ? 'warning' : 'good',
      approvedCampaigns: approved,
      smsNumbers: numbers.smsNumbers,
      unlinked: numbers.rows,
      unlinkedTotal: numbers.unlinkedTotal,
    },
    tcpa: { state: optOut.sentToOptedOut > 0 ? 'warning' : 'good', ...optOut },
    gdpr: { state: 'good', retentionDays: settings.messageRetentionDays },
  };
}
