import { describe, expect, it } from 'vitest';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'support', 'customer']);

const get = (who: string | null, url: string) => as(t.app, who ? (cookies[who] ?? null) : null, { method: 'GET', url });

describe('the email outbox', () => {
  it('shows staff admins the emails the portal kept, newest first, filtered by recipient', async () => {
    const asked = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'david.chen@example.com', portal: 'admin' },
    });
    expect(asked.statusCode).toBe(200);
    const res = await get('admin', '/api/admin/outbox?to=david.chen');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ to: 'david.chen@example.com', state: 'kept' });
    expect(page.items[0].subject).toMatch(/Reset your .* password/);
    expect(page.items[0].body).toMatch(/\/admin\/reset-password\?token=/);
    expect(page.items.every((m: { to: string }) => m.to.includes('david.chen'))).toBe(true);
    const all = (await get('admin', '/api/admin/outbox?pageSize=100')).json();
    const times = all.items.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('is for staff admins only: other staff 403, customers 403, nobody 401', async () => {
    expect((await get('support', '/api/admin/outbox')).statusCode).toBe(403);
    expect((await get('customer', '/api/admin/outbox')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/outbox')).statusCode).toBe(401);
  });

  it('answers 400 with the field for a bad page size', async () => {
    const res = await get('admin', '/api/admin/outbox?pageSize=7');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.pageSize).toBeDefined();
  });
});
