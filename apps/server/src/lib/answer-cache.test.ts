import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerCache, Turns } from './answer-cache.ts';

const answer = (body: string) => ({ body, contentType: 'application/json; charset=utf-8' });

describe('AnswerCache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers while the data version is the one the answer was computed at, and forgets it after', () => {
    const cache = new AnswerCache({ ttlMs: 5000 });
    cache.set('k', answer('{"a":1}'), 7, Number.POSITIVE_INFINITY, 1000);
    expect(cache.get('k', 7, 1001)?.body).toBe('{"a":1}');
    expect(cache.get('k', 8, 1002)).toBeUndefined();
    // dropped for good: the old version does not bring it back
    expect(cache.get('k', 7, 1003)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it("keeps an answer between half and all of its seconds, and never past the session's own limit", () => {
    const cache = new AnswerCache({ ttlMs: 1000 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    cache.set('short', answer('1'), 1, Number.POSITIVE_INFINITY, 0);
    expect(cache.get('short', 1, 499)).toBeDefined();
    expect(cache.get('short', 1, 500)).toBeUndefined();
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    cache.set('long', answer('2'), 1, Number.POSITIVE_INFINITY, 0);
    expect(cache.get('long', 1, 999)).toBeDefined();
    expect(cache.get('long', 1, 1000)).toBeUndefined();
    cache.set('session', answer('3'), 1, 200, 0);
    expect(cache.get('session', 1, 199)).toBeDefined();
    expect(cache.get('session', 1, 200)).toBeUndefined();
    // a session already past its limit: nothing kept
    cache.set('gone', answer('4'), 1, 0, 0);
    expect(cache.size).toBe(0);
  });

  it('asks one hit, late in the answer’s time, to have it computed again', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const cache = new AnswerCache({ ttlMs: 1000 });
    cache.set('k', answer('1'), 1, Number.POSITIVE_INFINITY, 0);
    expect(cache.get('k', 1, 100)?.refresh).toBe(false);
    expect(cache.get('k', 1, 700)?.refresh).toBe(true);
    expect(cache.get('k', 1, 710)?.refresh).toBe(false);
    // kept again: a new time, and a new refresh later
    cache.set('k', answer('2'), 1, Number.POSITIVE_INFINITY, 720);
    expect(cache.get('k', 1, 800)).toMatchObject({ body: '2', refresh: false });
    expect(cache.get('k', 1, 1400)?.refresh).toBe(true);
  });

  it('holds at most its entries and bytes, dropping the oldest, and keeps no answer over its size', () => {
    const cache = new AnswerCache({ ttlMs: 1000, maxEntries: 3, maxBytes: 10, maxBodyBytes: 6 });
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, answer('12'), 1, Number.POSITIVE_INFINITY, 0);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1, 1)).toBeUndefined();
    cache.set('e', answer('123456'), 1, Number.POSITIVE_INFINITY, 0);
    // 2 + 2 + 6 bytes: 'b' went to make room
    expect(cache.get('b', 1, 1)).toBeUndefined();
    expect(cache.get('e', 1, 1)?.body).toBe('123456');
    cache.set('f', answer('1234567'), 1, Number.POSITIVE_INFINITY, 0);
    expect(cache.get('f', 1, 1)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('Turns', () => {
  const nextTurn = () => new Promise((r) => setImmediate(r));

  it('lets a set number go in one turn of the event loop and the others in arrival order in the next turns', async () => {
    const turns = new Turns(2);
    const gone: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = turns.take();
      if (!wait) gone.push(i);
      else void wait.then(() => gone.push(i));
    }
    expect(gone).toEqual([0, 1]);
    await nextTurn();
    expect(gone).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(gone).toEqual([0, 1, 2, 3, 4]);
    await nextTurn();
    // a new turn: the next ones go at once
    expect(turns.take()).toBeUndefined();
  });
});
