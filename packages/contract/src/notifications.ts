import { z } from 'zod';
import { ZIsoDateTime } from './common.ts';

export const NOTIFICATION_TYPES = ['system', 'ticket', 'customer', 'account', 'alert', 'Billing', 'Security', 'Service', 'Usage'] as const;

export const ZNotification = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z.coerce.boolean().default(false),
});

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;
