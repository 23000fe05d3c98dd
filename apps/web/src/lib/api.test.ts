import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../test/render.tsx';
import { ApiError, api, setUnauthorizedHandler } from './api.ts';

describe('api client', () => {
  it('sends JSON with the CSRF header and same-origin credentials', async () => {
    const fetchMock = vi.fn(answerFetch(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/things', { a: 1 }, { query: { page: 2, q: '' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?page=2');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-portal-csrf': '1', 'content-type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it("throws the server's error with its code, message and field errors", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(answerFetch(400, { error: { code: 'VALIDATION_FAILED', message: 'Check the form', fields: { email: 'Email is required' } } })),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      fields: { email: 'Email is required' },
    });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('signals a 401 from a non-auth endpoint, not from the auth endpoints', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', vi.fn(answerFetch(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' } })));
    await api.post('/api/auth/login', {}).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await api.get('/api/customers').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
