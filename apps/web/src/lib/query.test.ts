import { describe, expect, it } from 'vitest';
import { apiPath } from './query.ts';

describe('apiPath', () => {
  it('encodes each interpolated value and leaves the literal parts alone', () => {
    expect(apiPath`/api/users/${'a/b c'}/status`).toBe('/api/users/a%2Fb%20c/status');
    expect(apiPath`/api/porting/${'p1'}/documents?kind=${'LOA'}&fileName=${'x&y.pdf'}`).toBe(
      '/api/porting/p1/documents?kind=LOA&fileName=x%26y.pdf',
    );
    expect(apiPath`/api/company`).toBe('/api/company');
  });
});
