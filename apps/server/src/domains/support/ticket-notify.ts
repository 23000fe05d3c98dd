/** Support: who hears of a ticket's changes (the other side, through the notification settings). */
import { type Ctx, userOf } from '../../lib/context.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import * as repo from './repo.ts';

export const staffLink = (id: string) => `/admin/support/tickets/${id}`;
export const customerLink = (id: string) => `/customer/support/tickets/${id}`;

/** Tells the provider's side: the assignee, or (unassigned) the staff who work tickets. */
export async function notifyStaff(tx: Ctx, ticket: { id: string; assignedToId: string | null }, title: string, message: string) {
  const me = userOf(tx).userId;
  const to = ticket.assignedToId
    ? [ticket.assignedToId]
    : (await repo.supportStaff(tx.db)).filter((s) => s.role !== 'Technical').map((s) => s.id);
  await notifyUsers(
    tx,
    to.filter((id) => id !== me),
    { event: 'ticketUpdated', title, message, link: staffLink(ticket.id) },
  );
}

/** Tells the customer's side: whoever opened the ticket and the company's Admins. */
export async function notifyCustomer(
  tx: Ctx,
  ticket: { id: string; customerId: string; createdById: string | null },
  title: string,
  message: string,
) {
  const admins = await customerAdminIds(tx, ticket.customerId);
  const to = [...new Set([...(ticket.createdById ? [ticket.createdById] : []), ...admins])];
  await notifyUsers(tx, to, { event: 'ticketUpdated', title, message, link: customerLink(ticket.id) });
}
