import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 20 connections and takes a positive whole number', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).DATABASE_POOL_SIZE).toBe(8);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow();
  });
});
