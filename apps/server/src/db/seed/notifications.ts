/** Notifications (a realistic inbox for the demo users, a few for everyone), notification settings, and the staff email outbox. */
import { DEFAULT_NOTIFICATION_FLAGS, DEFAULT_NOTIFICATION_PREFERENCES, DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { SeedContext, SeedUser } from './context.ts';
import { add, at, DAY, MIN, maxDate, minDate, staffByEmail, ymd } from './helpers.ts';

export function seedNotifications(sc: SeedContext): void {
  const rng = sc.rng.fork('notifications');
  const note = (user: SeedUser, type: string, title: string, message: string, link: string | null, createdAt: Date, unread: boolean) =>
    sc.rows.notifications.push({
      id: sc.uuid(),
      userId: user.id,
      type,
      title,
      message,
      link,
      readAt: unread ? null : minDate(add(createdAt, rng.int(5, 600) * MIN), sc.now),
      createdAt,
    });
  const minsAgo = (m: number) => add(sc.now, -m * MIN);
  const acme = at(sc.customers, 0);
  const pending = sc.customers.find((c) => c.spec.status === 'pending') ?? acme;
  const suspended = sc.customers.find((c) => c.spec.status === 'suspended') ?? acme;
  const overdue = sc.invoices.filter((i) => i.status === 'Overdue');
  const recentTickets = [...sc.tickets].sort((p, q) => q.createdAt.getTime() - p.createdAt.getTime());
  const openTickets = recentTickets.filter((t) => t.status === 'open' || t.status === 'in-progress');
  const critical = openTickets.find((t) => t.priority === 'Critical' || t.priority === 'High') ?? at(recentTickets, 0);
  const degraded = sc.rows.serviceStatus.find((x) => x.status === 'Degraded Performance');
  const scheduled = sc.rows.serviceStatus.find((x) => x.status === 'Scheduled');

  const soon = (d: Date, minMinutes = 1, maxMinutes = 20) => minDate(add(d, rng.int(minMinutes, maxMinutes) * MIN), add(sc.now, -MIN));
  const suspendedAt = suspended.accounts.reduce<Date>(
    (m, a) => (a.endedAt && a.endedAt.getTime() > m.getTime() ? a.endedAt : m),
    sc.ago(14),
  );
  /** At least two unread per demo user: the newest ones. */
  const ensureUnread = (userId: string, n: number) => {
    const mine = sc.rows.notifications
      .filter((x) => x.userId === userId)
      .sort((p, q) => (q.createdAt as Date).getTime() - (p.createdAt as Date).getTime());
    let unread = mine.filter((x) => x.readAt === null).length;
    for (const x of mine) {
      if (unread >= n) break;
      if (x.readAt !== null) {
        x.readAt = null;
        unread++;
      }
    }
  };

  // staff demo users
  for (const email of ['admin@example.com', 'support@example.com']) {
    const u = staffByEmail(sc, email);
    const t0 = at(openTickets, 0);
    const t1 = openTickets.find((t) => t.assignee && t.id !== critical.id) ?? t0;
    note(
      u,
      'alert',
      'Service degradation',
      degraded ? `${degraded.title}. Investigating with carrier partners.` : 'Elevated error rates detected.',
      '/admin/support',
      minsAgo(rng.int(5, 50)),
      true,
    );
    note(
      u,
      'ticket',
      'New high-priority ticket',
      `${critical.customer.spec.name} opened ${critical.code} "${critical.subject}" (${critical.priority}).`,
      '/admin/support',
      soon(critical.createdAt),
      true,
    );
    note(
      u,
      'ticket',
      'Ticket updated',
      `${t0.customer.spec.name} updated ${t0.code} "${t0.subject}".`,
      '/admin/support',
      soon(t0.updatedAt),
      email === 'support@example.com',
    );
    if (t1.assignee)
      note(
        u,
        'ticket',
        'Ticket assigned',
        `${t1.code} "${t1.subject}" was assigned to ${t1.assignee.name}.`,
        '/admin/support',
        soon(t1.createdAt, 10, 90),
        false,
      );
    note(
      u,
      'customer',
      'New customer pending activation',
      `${pending.spec.name} (${pending.code}) signed up and is pending activation.`,
      `/admin/customers/${pending.id}`,
      soon(pending.createdAt, 5, 60),
      email === 'admin@example.com',
    );
    note(
      u,
      'alert',
      'Overdue invoices',
      `${overdue.length} invoices are overdue across ${new Set(overdue.map((i) => i.account.customer.id)).size} customers.`,
      '/admin/billing/invoices',
      sc.ago(rng.float(1, 2)),
      false,
    );
    note(
      u,
      'system',
      'Scheduled maintenance',
      scheduled ? `${scheduled.title} on ${ymd(scheduled.startedAt as Date)}.` : 'Maintenance scheduled.',
      '/admin/support',
      sc.ago(rng.float(3, 4)),
      false,
    );
    note(
      u,
      'customer',
      'Customer suspended',
      `${suspended.spec.name} (${suspended.code}) was suspended for non-payment.`,
      `/admin/customers/${suspended.id}`,
      soon(suspendedAt),
      false,
    );
    if (email === 'admin@example.com')
      note(
        u,
        'system',
        'Security settings updated',
        'The password policy and session timeout settings were updated.',
        '/admin/settings',
        soon(sc.settingsChangedAt),
        false,
      );
    ensureUnread(u.id, 2);
  }

  // customer demo users
  const demoCustomerUsers = sc.customers
    .slice(0, 2)
    .flatMap((c) => c.users.filter((u) => ['customer@example.com', 'user@example.com', 'other@example.com'].includes(u.email)));
  for (const u of demoCustomerUsers) {
    const c = u.customer ?? acme;
    const invs = sc.invoices.filter((i) => i.account.customer.id === c.id).sort((p, q) => q.issue.getTime() - p.issue.getTime());
    const latest = invs[0];
    const od = invs.find((i) => i.status === 'Overdue');
    const paid = invs
      .filter((i) => i.status === 'Paid' && i.paidAt)
      .sort((p, q) => (q.paidAt as Date).getTime() - (p.paidAt as Date).getTime())[0];
    const key = sc.apiKeys.filter((k) => k.account.customer.id === c.id).sort((p, q) => q.createdAt.getTime() - p.createdAt.getTime())[0];
    const port = sc.portingRequests
      .filter((p) => p.account.customer.id === c.id)
      .sort((p, q) => at(q.events, q.events.length - 1).at.getTime() - at(p.events, p.events.length - 1).at.getTime())[0];
    const ticket = sc.tickets.filter((t) => t.customer.id === c.id).sort((p, q) => q.updatedAt.getTime() - p.updatedAt.getTime())[0];
    note(
      u,
      'Service',
      'Service degradation',
      degraded ? `${degraded.title}. Our team is working on it.` : 'Some services are degraded.',
      '/customer/support',
      minsAgo(rng.int(5, 50)),
      true,
    );
    if (latest)
      note(
        u,
        'Billing',
        'Invoice generated',
        `Invoice ${latest.number} for $${latest.amount.toFixed(2)} is available.`,
        '/customer/billing',
        soon(latest.row.createdAt as Date),
        true,
      );
    if (od)
      note(
        u,
        'Billing',
        'Invoice overdue',
        `Invoice ${od.number} for $${od.amount.toFixed(2)} is overdue. Please pay it to avoid service interruption.`,
        '/customer/billing',
        soon(od.row.lastReminderAt ?? add(od.due, DAY)),
        u.email !== 'other@example.com',
      );
    if (paid)
      note(
        u,
        'Billing',
        'Payment received',
        `Payment of $${paid.amount.toFixed(2)} for invoice ${paid.number} was received. Thank you!`,
        '/customer/billing',
        soon(paid.paidAt as Date),
        false,
      );
    note(
      u,
      'Usage',
      'Usage threshold reached',
      `SMS usage on ${c.accounts[0]?.name ?? 'your account'} reached 75% of the monthly threshold.`,
      '/customer/reports',
      sc.ago(rng.float(2, 3)),
      false,
    );
    if (key && key.createdAt.getTime() > sc.ago(30).getTime())
      note(
        u,
        'Security',
        'API key created',
        `A new API key "${key.name}" was created for ${key.account.name}.`,
        '/customer/api',
        soon(key.createdAt),
        false,
      );
    if (port) {
      const last = at(port.events, port.events.length - 1);
      note(
        u,
        'Service',
        'Porting request updated',
        `Porting request ${port.code} for ${port.number} is now ${port.status}.`,
        '/customer/numbers',
        soon(last.at),
        false,
      );
    }
    if (ticket)
      note(
        u,
        'Service',
        'Ticket updated',
        `${ticket.code} "${ticket.subject}" was updated.`,
        '/customer/support',
        soon(ticket.updatedAt),
        false,
      );
    note(
      u,
      'Security',
      'New sign-in',
      'A new sign-in to your account from Chrome on Windows was detected.',
      '/customer/settings',
      sc.ago(rng.float(5, 8)),
      false,
    );
    ensureUnread(u.id, 2);
  }

  // everyone else: a few
  const demoEmails = new Set(['admin@example.com', 'support@example.com', 'customer@example.com', 'user@example.com', 'other@example.com']);
  const staffMessages: readonly (readonly [string, string, string, string])[] = [
    ['ticket', 'Ticket assigned', 'A support ticket was assigned to you.', '/admin/support'],
    ['customer', 'Customer updated', 'A customer you manage updated their billing contact.', '/admin/customers'],
    ['alert', 'Overdue invoices', 'Some of your customers have overdue invoices.', '/admin/billing'],
    ['system', 'Scheduled maintenance', 'Voice platform maintenance is scheduled for next week.', '/admin/support'],
  ];
  const customerMessages: readonly (readonly [string, string, string, string])[] = [
    ['Billing', 'Invoice generated', 'Your monthly invoice is available.', '/customer/billing'],
    ['Service', 'Scheduled maintenance', 'Voice platform maintenance is scheduled for next week.', '/customer/support'],
    ['Usage', 'Usage threshold reached', 'Voice usage reached 90% of the monthly threshold.', '/customer/reports'],
    ['Security', 'Password changed', 'Your password was changed. If this was not you, contact support.', '/customer/settings'],
  ];
  const everyone: SeedUser[] = [...sc.staff, ...sc.customers.flatMap((c) => c.users)];
  for (const u of everyone) {
    if (demoEmails.has(u.email)) continue;
    const list = u.kind === 'staff' ? staffMessages : customerMessages;
    for (const [type, title, message, link] of rng.sample(list, rng.int(2, 4))) {
      const created = sc.between(rng, maxDate(u.createdAt, sc.ago(10)), sc.now);
      note(u, type, title, message, link, created, rng.chance(0.4));
    }
  }
  for (const u of everyone)
    sc.rows.notificationSettings.push({
      userId: u.id,
      flags: { ...DEFAULT_NOTIFICATION_FLAGS },
      preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      updatedAt: u.createdAt,
    });
}

export function seedEmailOutbox(sc: SeedContext): void {
  const acme = at(sc.customers, 0);
  const od = sc.invoices.find((i) => i.account.customer.index === 0 && i.status === 'Overdue');
  const invitee = sc.customers.flatMap((c) => c.users).find((u) => u.customer?.index === 2) ?? at(acme.users, 0);
  sc.rows.emailOutbox.push(
    {
      id: sc.uuid(),
      toAddress: invitee.email,
      subject: `You're invited to the ${DEFAULT_SETTINGS.companyName} customer portal`,
      body: `Hello ${invitee.name},\n\nYou have been invited to the ${DEFAULT_SETTINGS.companyName} customer portal. Open the link below to set your password.\n\n(link expired)\n`,
      state: 'kept',
      createdAt: add(invitee.createdAt, -MIN),
    },
    {
      id: sc.uuid(),
      toAddress: acme.row.billingContactEmail ?? 'customer@example.com',
      subject: od ? `Payment reminder: invoice ${od.number} is overdue` : 'Payment reminder',
      body: od
        ? `Hello ${acme.spec.billing[0]},\n\nInvoice ${od.number} for $${od.amount.toFixed(2)} was due on ${ymd(od.due)}. Please pay it in the Billing section of the portal.\n`
        : 'Hello,\n\nThis is a payment reminder.\n',
      state: 'kept',
      createdAt: od?.row.lastReminderAt ?? sc.ago(2),
    },
  );
}
