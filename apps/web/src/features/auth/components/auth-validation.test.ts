import { TWO_FACTOR_CODE_INVALID, ZLoginBody, ZTwoFactorCode } from '@portal/contract/auth';
import { describe, expect, it } from 'vitest';
import { emailError, passwordError, TWO_FACTOR_CODE_MESSAGE, twoFactorCodeError } from './auth-validation.ts';

/** The first message the contract's schema gives for a field, as the server would answer. */
function contractError(field: 'email' | 'password', value: string): string | null {
  const body = { email: 'someone@example.com', password: 'x', portal: 'admin', [field]: value };
  const result = ZLoginBody.safeParse(body);
  return result.success ? null : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
}

describe('sign-in field rules agree with the contract', () => {
  it.each([
    '',
    '   ',
    'plainaddress',
    'a@b',
    'a@b.c',
    'user@example.com',
    ' user@example.com ',
    'first.last+tag@sub.example.co.uk',
    'a..b@example.com',
    '.a@example.com',
    'user@-example.com',
    'user@exa_mple.com',
  ])('email %j', (value) => {
    expect(emailError(value)).toBe(contractError('email', value));
  });

  it('rejects an over-long email like the contract', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(emailError(long)).not.toBeNull();
    expect(contractError('email', long)).not.toBeNull();
  });

  it.each(['', ' ', 'Portal-Demo-1'])('password %j', (value) => {
    expect(passwordError(value)).toBe(contractError('password', value));
  });

  it('reads the spec texts', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('nope')).toBe('Email address is invalid');
    expect(passwordError('')).toBe('Password is required');
  });
});

describe('the verification code rule agrees with the contract', () => {
  it('uses the spec text', () => {
    expect(TWO_FACTOR_CODE_MESSAGE).toBe(TWO_FACTOR_CODE_INVALID);
  });

  it.each(['', '12345', '1234567', '12a456', ' 123456 ', '123456', '000000', '12 456', '١٢٣٤٥٦'])('code %j', (value) => {
    const parsed = ZTwoFactorCode.safeParse(value);
    expect(twoFactorCodeError(value)).toBe(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
  });
});
