/**
 * Load-independent figures for issue 8: per endpoint, the queries per request and the CPU time per
 * request (process.cpuUsage around N injected requests) on the embedded PGlite, seeded demo data.
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';

const N = Number(process.env.PROFILE_N ?? 50);
let queries = 0;
for (const m of ['query', 'exec'] as const) {
  const orig = PGlite.prototype[m];
  // biome-ignore lint/suspicious/noExplicitAny: counting hook
  (PGlite.prototype as any)[m] = function (this: PGlite, ...args: any[]) {
    queries++;
    // biome-ignore lint/suspicious/noExplicitAny: counting hook
    return (orig as any).apply(this, args);
  };
}
const database = await openDatabase({});
await migrate(database);
await seed(database.db, { demoPassword: 'Portal-Demo-1' });
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000' });
const app = await buildApp({ database, config, logger: false, jobs: false });
await app.ready();
async function signIn(email: string, portal: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-portal-csrf': '1' },
    payload: { email, password: 'Portal-Demo-1', portal, remember: false },
  });
  const c = res.cookies.find((x) => x.name === 'portal_sid');
  if (!c) throw new Error(res.body);
  return `portal_sid=${c.value}`;
}
const staff = await signIn('admin@example.com', 'admin');
const customer = await signIn('customer@example.com', 'customer');
const cases: [string, string][] = [
  ['/healthz', ''],
  ['/api/admin/customers?page=1&pageSize=20', staff],
  ['/api/admin/dashboard', staff],
  ['/api/dashboard', customer],
  ['/api/numbers?page=1&pageSize=20', customer],
  ['/api/voice/trunks?page=1&pageSize=20', customer],
  ['/api/voice/cdrs?limit=20', customer],
  ['/api/accounts?page=1&pageSize=20', customer],
  ['/api/shell/summary', customer],
  ['/api/shell/summary', staff],
  ['/api/company', customer],
  ['/api/notifications?limit=10', customer],
];
let totalCpu = 0;
const { Session } = await import('node:inspector/promises');
const session = process.env.PROFILE_CPU ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
for (const [url, cookie] of cases) {
  for (let i = 0; i < 5; i++) await app.inject({ url, headers: cookie ? { cookie } : {} });
  queries = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const r = await app.inject({ url, headers: cookie ? { cookie } : {} });
    if (r.statusCode !== 200) throw new Error(`${url} ${r.statusCode} ${r.body}`);
  }
  const cpu = process.cpuUsage(cpu0);
  const ms = (cpu.user + cpu.system) / 1000 / N;
  totalCpu += ms;
  console.log(
    `${url.padEnd(44)} ${(queries / N).toFixed(1).padStart(5)} queries/req  ${ms.toFixed(2).padStart(7)} ms CPU/req  ${((performance.now() - t0) / N).toFixed(2).padStart(7)} ms wall/req`,
  );
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE_CPU as string, JSON.stringify(profile));
}
console.log(`sum of CPU ms/request over the cases: ${totalCpu.toFixed(1)}`);
await app.close();
await database.close();
