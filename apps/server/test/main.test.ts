import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
const port = 43_000 + Math.floor(Math.random() * 2000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 600; i++) {
    if (out.includes('portal is running')) return { child, output: () => out, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

// The embedded default's start-up (the server-pg project leaves this file out).
describe('npm start on the embedded default', () => {
  it('creates and seeds the database on first start, prints the demo sign-ins, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    expect(first.output()).toContain('(created and seeded now)');
    for (const email of ['admin@example.com', 'support@example.com', 'customer@example.com', 'user@example.com', 'other@example.com']) {
      expect(first.output()).toContain(email);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-portal-csrf': '1' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Portal-Demo-1', portal: 'admin', remember: false }),
    });
    expect(login.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('keeps the data on the next start (no second seeding)', async () => {
    const second = await start();
    expect(second.output()).not.toContain('(created and seeded now)');
    const audit = await fetch(`http://127.0.0.1:${port}/api/auth/session`);
    expect(audit.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
