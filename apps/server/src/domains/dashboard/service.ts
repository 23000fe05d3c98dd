import type { TAdminDashboard, TCustomerDashboard } from '@portal/contract/dashboard';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 3600 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (now: Date) => ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
const iso = <T extends { updatedAt: Date }>(r: T) => ({ ...r, updatedAt: r.updatedAt.toISOString() });

/** Availability over the last 30 days: the share of service-time not inside an incident. */
async function uptime(app: FastifyInstance, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const incidents = await repo.incidentsSince(app.db, since);
  const services = new Set((await repo.currentServiceStatus(app.db)).map((s) => s.serviceName));
  for (const i of incidents) services.add(i.serviceName);
  const down = incidents.reduce((sum, i) => {
    const start = Math.max(i.startedAt.getTime(), since.getTime());
    const end = Math.min((i.resolvedAt ?? now).getTime(), now.getTime());
    return sum + Math.max(0, end - start);
  }, 0);
  const total = Math.max(1, services.size) * 30 * DAY_MS;
  return Math.floor((1 - down / total) * 10_000) / 100;
}

export async function adminDashboard(app: FastifyInstance, req: FastifyRequest): Promise<TAdminDashboard> {
  const auth = authOf(req);
  const now = new Date();
  const [totalCustomers, monthlyRevenue, activeServices, supportTickets, status, recentCustomers, recentTickets, up] = await Promise.all([
    repo.countCustomers(app.db),
    repo.invoicedSince(app.db, monthStart(now)),
    repo.countActiveServices(app.db),
    repo.countOpenTickets(app.db, null),
    repo.currentServiceStatus(app.db),
    repo.recentCustomersOf(app.db, auth.userId, 5),
    repo.recentTickets(app.db, null, true, 5),
    uptime(app, now),
  ]);
  return {
    metrics: { totalCustomers, monthlyRevenue, activeServices, supportTickets },
    activeAlerts: status.filter((s) => s.status !== 'Operational').length,
    uptime: up,
    serviceStatus: status.map(iso),
    recentCustomers: recentCustomers.map((c) => ({ ...c, accessedAt: c.accessedAt.toISOString() })),
    recentTickets: recentTickets.map(iso),
  };
}

type Service = 'SMS' | 'Voice' | 'Numbers';

export async function customerDashboard(app: FastifyInstance, req: FastifyRequest): Promise<TCustomerDashboard> {
  const auth = authOf(req);
  const customerId = auth.customerId;
  if (!customerId) throw notFound('Company');
  const now = new Date();
  const since = ymd(new Date(now.getTime() - 29 * DAY_MS));
  const month = monthStart(now);
  const [companyName, activeSubAccounts, activeNumbers, openTickets, status, recentAccounts, recentTickets, daily] = await Promise.all([
    repo.companyName(app.db, customerId),
    repo.countActiveAccounts(app.db, customerId),
    repo.countActiveNumbers(app.db, customerId),
    repo.countOpenTickets(app.db, customerId),
    repo.currentServiceStatus(app.db),
    repo.recentAccounts(app.db, customerId, 5),
    repo.recentTickets(app.db, customerId, false, 5),
    repo.dailyUsage(app.db, customerId, since < month ? since : month),
  ]);
  if (!companyName) throw notFound('Company');

  /** Month-to-date totals per service, and the last 30 days' daily volumes. */
  const summary = (service: Service) => {
    const rows = daily.filter((d) => d.service === service);
    const thisMonth = rows.filter((d) => d.day >= month);
    const days: { day: string; volume: number }[] = [];
    for (let t = new Date(`${since}T00:00:00Z`).getTime(); t <= now.getTime(); t += DAY_MS) {
      const day = ymd(new Date(t));
      days.push({ day, volume: rows.find((r) => r.day === day)?.volume ?? 0 });
    }
    return {
      volume: thisMonth.reduce((s, d) => s + d.volume, 0),
      succeeded: thisMonth.reduce((s, d) => s + d.succeeded, 0),
      failed: thisMonth.reduce((s, d) => s + d.failed, 0),
      cost: Math.round(thisMonth.reduce((s, d) => s + Number(d.revenue), 0) * 100) / 100,
      daily: days,
    };
  };
  const usage = { sms: summary('SMS'), voice: summary('Voice'), numbers: summary('Numbers') };
  return {
    companyName,
    userName: auth.name,
    metrics: {
      activeSubAccounts,
      activeNumbers,
      monthToDateSpend: Math.round((usage.sms.cost + usage.voice.cost + usage.numbers.cost) * 100) / 100,
      openTickets,
    },
    serviceStatus: status.map(iso),
    recentAccounts: recentAccounts.map((a) => ({ ...a, lastAccessed: a.lastAccessed?.toISOString() ?? null })),
    recentTickets: recentTickets.map(iso),
    usage,
  };
}
