import {
  SERVICE_COMPONENTS,
  type TIncident,
  type TIncidentUpdateBody,
  type TStatusPage,
  type TStatusSubscription,
  type ZCreateIncidentBody,
} from '@portal/contract/support';
import type { z } from 'zod';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditFor, recordAudit } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('service_status');

// ---- Service status: incidents and maintenance drive the status page and the dashboards' tiles ----

type IncidentRow = Awaited<ReturnType<typeof repo.incidents>>[number];
const RECENT_DAYS = 14;

async function withUpdates(ctx: Ctx, rows: IncidentRow[]): Promise<TIncident[]> {
  const updates = await repo.incidentUpdates(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    component: r.serviceName,
    status: r.status,
    title: r.title,
    description: r.description,
    startedAt: r.startedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    updates: updates
      .filter((u) => u.incidentId === r.id)
      .map((u) => ({ id: u.id, status: u.status, message: u.message, author: u.author, createdAt: u.createdAt.toISOString() })),
  }));
}

/**
 * Each component's state: Degraded Performance while an incident is open, Scheduled while
 * maintenance is announced or under way, Operational otherwise; with the entry that decides it.
 */
export function componentStates(open: Pick<IncidentRow, 'id' | 'serviceName' | 'status' | 'title' | 'updatedAt'>[]) {
  return SERVICE_COMPONENTS.map((name) => {
    const mine = open.filter((r) => r.serviceName === name);
    const decisive = mine.find((r) => r.status === 'Degraded Performance') ?? mine.find((r) => r.status === 'Scheduled');
    return {
      id: decisive?.id ?? name,
      serviceName: name,
      status: decisive?.status ?? ('Operational' as const),
      title: decisive?.title ?? `${name} operating normally`,
      updatedAt: decisive?.updatedAt ?? null,
    };
  });
}

/**
 * How long each service was inside an incident (degraded, or since resolved) from since to now, in
 * ms: the availability the dashboard and the reports' system health show.
 */
export async function downtimeSince(ctx: Ctx, since: Date, now: Date): Promise<Map<string, number>> {
  const down = new Map<string, number>();
  for (const i of await repo.incidentsSince(ctx.db, since)) {
    const start = Math.max(i.startedAt.getTime(), since.getTime());
    const end = Math.min((i.resolvedAt ?? now).getTime(), now.getTime());
    down.set(i.serviceName, (down.get(i.serviceName) ?? 0) + Math.max(0, end - start));
  }
  return down;
}

/** The dashboards' Service Status tiles and their Active Alerts (components not Operational). */
export async function statusTiles(ctx: Ctx) {
  const rows = await repo.incidents(ctx.db, new Date());
  const open = rows.filter((r) => !r.resolvedAt && r.status !== 'Resolved');
  return componentStates(open);
}

export async function statusPage(ctx: Ctx): Promise<TStatusPage> {
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const rows = await repo.incidents(ctx.db, since);
  const open = rows.filter((r) => !r.resolvedAt && r.status !== 'Resolved');
  const all = await withUpdates(ctx, rows);
  return {
    components: componentStates(open).map((c) => ({ name: c.serviceName, status: c.status })),
    current: all.filter((i) => !i.resolvedAt && i.status !== 'Resolved'),
    recent: all.filter((i) => i.resolvedAt || i.status === 'Resolved'),
  };
}

/** Staff report an incident (starts now) or announce maintenance (starts when given); customers' dashboards show it. */
export async function createIncident(ctx: Ctx, body: z.output<typeof ZCreateIncidentBody>): Promise<TIncident> {
  const me = userOf(ctx);
  const row = await inTransaction(ctx, async (tx) => {
    const now = new Date();
    const startedAt = body.status === 'Scheduled' && body.startsAt ? new Date(body.startsAt) : now;
    const row = await repo.insertIncident(tx.db, {
      serviceName: body.component,
      status: body.status,
      title: body.title,
      description: body.description,
      startedAt,
      updatedAt: now,
    });
    await repo.insertIncidentUpdate(tx.db, {
      incidentId: row.id,
      status: body.status,
      message: body.description,
      authorId: me.userId,
      createdAt: now,
    });
    await notifySubscribers(tx, { component: body.component, title: body.title }, body.status, body.description);
    await audit(
      tx,
      'status.incident',
      { id: row.id },
      `${body.status === 'Scheduled' ? 'Announced maintenance' : 'Reported an incident'} on ${body.component}: ${body.title}`,
      { after: { component: body.component, status: body.status, title: body.title, startedAt: startedAt.toISOString() } },
    );
    return row;
  });
  const [incident] = await withUpdates(ctx, [row]);
  return incident as TIncident;
}

/** A dated update; Resolved ends the incident (its time stops counting against uptime). */
export async function updateIncident(ctx: Ctx, id: string, body: TIncidentUpdateBody): Promise<TIncident> {
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.lockIncident(tx.db, id);
    if (!row) throw notFound('Incident');
    if (row.resolvedAt || row.status === 'Resolved') throw conflict('This incident is resolved. Report a new one.');
    const now = new Date();
    await repo.updateIncident(tx.db, id, {
      status: body.status,
      updatedAt: now,
      ...(body.status === 'Resolved' ? { resolvedAt: now } : {}),
    });
    await repo.insertIncidentUpdate(tx.db, {
      incidentId: id,
      status: body.status,
      message: body.message,
      authorId: me.userId,
      createdAt: now,
    });
    await notifySubscribers(tx, { component: row.serviceName, title: row.title }, body.status, body.message);
    await audit(tx, 'status.update', { id }, `${row.serviceName} incident "${row.title}": ${body.status}`, {
      before: { status: row.status },
      after: { status: body.status, message: body.message },
    });
  });
  const [incident] = await withUpdates(
    ctx,
    (await repo.incidents(ctx.db, new Date(0))).filter((r) => r.id === id),
  );
  return incident as TIncident;
}

// ---- Following the status page ----

export async function getSubscription(ctx: Ctx): Promise<TStatusSubscription> {
  const row = await repo.subscription(ctx.db, userOf(ctx).userId);
  return { subscribed: Boolean(row), byEmail: row?.email ?? true };
}

export async function setSubscription(ctx: Ctx, body: TStatusSubscription): Promise<TStatusSubscription> {
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    await repo.setSubscription(tx.db, me.userId, { subscribed: body.subscribed, email: body.byEmail });
    await recordAudit(tx, {
      action: body.subscribed ? 'status.subscribe' : 'status.unsubscribe',
      entityType: 'user',
      entityId: me.userId,
      customerId: me.customerId,
      summary: body.subscribed
        ? `${me.name} follows service status updates${body.byEmail ? ' by email too' : ''}`
        : `${me.name} stopped following service status updates`,
    });
  });
  return getSubscription(ctx);
}

/** Tells every subscriber of an incident or an update: in the portal, and by email when they asked. */
async function notifySubscribers(tx: Ctx, incident: { component: string; title: string }, status: string, message: string) {
  const subscribers = await repo.subscribers(tx.db);
  const title = `${incident.component}: ${status}`;
  await notifyUsers(
    tx,
    subscribers.map((s) => s.userId),
    {
      event: status === 'Scheduled' ? 'serviceMaintenance' : status === 'Resolved' ? 'serviceOutage' : 'serviceDegradation',
      title,
      message: `${incident.title}. ${message}`,
      link: null,
      // the subscription says whether to email (below)
      email: false,
    },
  );
  for (const s of subscribers.filter((x) => x.email)) {
    await queueEmail(tx, {
      to: s.address,
      subject: `[${tx.config.PORTAL_BRAND} status] ${incident.component}: ${incident.title} (${status})`,
      body: [
        `Hello ${s.name},`,
        '',
        `${incident.component}: ${incident.title}`,
        `Status: ${status}`,
        '',
        message,
        '',
        'You receive this because you follow service status updates in the portal (Support, Contact Support).',
      ].join('\n'),
    });
  }
}
