import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index.ts';
import { containsAny, readPage } from './paging.ts';

describe('containsAny', () => {
  it('matches the text literally in any of the columns', () => {
    const where = containsAny('50%_off', customers.name, customers.customerCode);
    if (!where) throw new Error('a text makes a condition');
    const query = new PgDialect().sqlToQuery(where);
    expect(query.sql).toBe('("customers"."name" ilike $1 or "customers"."customer_code" ilike $2)');
    expect(query.params).toEqual(['%50\\%\\_off%', '%50\\%\\_off%']);
  });

  it('adds no condition without a text', () => {
    expect(containsAny(undefined, customers.name)).toBeUndefined();
    expect(containsAny('', customers.name)).toBeUndefined();
  });
});

describe('readPage', () => {
  it("reads the page's rows from its offset and the total", async () => {
    const asked: number[] = [];
    const rows = {
      limit: (limit: number) => ({
        offset: async (offset: number) => {
          asked.push(limit, offset);
          return ['c', 'd'];
        },
      }),
    };
    expect(await readPage({ page: 2, pageSize: 2 }, rows, Promise.resolve([{ n: 5 }]))).toEqual({ rows: ['c', 'd'], total: 5 });
    expect(asked).toEqual([2, 2]);
    expect(await readPage({ page: 1, pageSize: 2 }, rows, Promise.resolve([]))).toEqual({ rows: ['c', 'd'], total: 0 });
  });
});
