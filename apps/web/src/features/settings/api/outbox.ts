import type { TOutboxPage } from '@portal/contract/email';
import { listQuery } from '../../../lib/query.ts';

export const outboxQuery = (query: Record<string, string | number>) =>
  listQuery<TOutboxPage>(['outbox', query], '/api/admin/outbox', query);
