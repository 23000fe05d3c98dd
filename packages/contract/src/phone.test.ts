import { describe, expect, it } from 'vitest';
import { formatPhone, toE164, ZE164, ZPhone } from './phone.ts';

describe('phone numbers, one way', () => {
  it('reads a number typed the common ways as the same E.164', () => {
    for (const typed of ['+1 (415) 555-0100', '(415) 555-0100', '415.555.0100', '415-555-0100', '+14155550100', ' 1 415 555 0100 '])
      expect(toE164(typed), typed).toBe('+14155550100');
    expect(toE164('+44 20 7123 4567')).toBe('+442071234567');
  });

  it('refuses what is no phone number', () => {
    for (const typed of ['', 'abc', '1-800-FLOWERS', '12345', '+1 415 555 01000000']) expect(toE164(typed), typed).toBeNull();
  });

  it('shows North American numbers nationally and the others internationally, whatever way they were stored', () => {
    expect(formatPhone('+12122062069')).toBe('(212) 206-2069');
    expect(formatPhone('(212) 555-0177')).toBe('(212) 555-0177');
    expect(formatPhone('+442071234567')).toBe('+44 20 7123 4567');
    expect(formatPhone('not a number')).toBe('not a number');
    expect(formatPhone(null)).toBe('');
  });

  it('validates and stores E.164 through the schemas', () => {
    expect(ZE164.parse('+1 (415) 555-0100')).toBe('+14155550100');
    expect(ZE164.safeParse('212-55').error?.issues[0]?.message).toBe('Enter a valid phone number, e.g. +1 212 555 0123 or (212) 555-0123');
    expect(ZE164.safeParse('').error?.issues[0]?.message).toBe('Please enter a phone number');
    expect(ZPhone.parse('+1 (512) 555-0142')).toBe('+15125550142');
    expect(ZPhone.safeParse('call me').error?.issues[0]?.message).toBe('Phone number is invalid');
  });
});
