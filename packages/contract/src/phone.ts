import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { z } from 'zod';
import { ZText } from './common.ts';

/**
 * Phone numbers, one way (issue 8): parsed with libphonenumber-js, stored in E.164, shown in the
 * national format for North American (+1) numbers, "(212) 555-0123", and in the international
 * format for the others, "+44 20 7123 4567". A number typed without a country code is taken as
 * North American, the provider's home.
 */
const DEFAULT_COUNTRY = 'US';
/**
 * A North American number already in E.164 (area code and exchange from 2 to 9): libphonenumber
 * answers it unchanged (checked for every area code and exchange), so it is not parsed again
 * (the parse costs about 15 µs: a batch of ingested calls checks thousands against the DNO lists).
 */
const NANP_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** The E.164 form of a number as people type it ("+1 (415) 555-0100", "415.555.0100"), or null when it is no phone number. */
export function toE164(input: string): string | null {
  const text = input.trim();
  if (NANP_E164.test(text)) return text;
  // letters are no part of a phone number here (libphonenumber would read "1-800-FLOWERS")
  if (!text || /[a-z]/i.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  return parsed?.isPossible() ? parsed.number : null;
}

/** A number for people to read; what cannot be parsed is shown as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value, DEFAULT_COUNTRY);
  if (!parsed?.isPossible()) return value;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

/** The transform of the phone fields: the E.164 form, or `message` on the field (the text kept as typed). */
const inE164 = (message: string) => (value: string, ctx: z.RefinementCtx) => {
  const e164 = toE164(value);
  if (!e164) ctx.addIssue({ code: 'custom', message });
  return e164 ?? value;
};
const PHONE_INVALID = 'Phone number is invalid';

/** A contact's phone as people type it; stored in E.164. */
export const ZPhone = ZText().trim().min(1, 'Phone is required').max(30).transform(inE164(PHONE_INVALID));

/** A number the provider routes (numbers, porting): typed any common way, E.164 after parsing. */
export const ZE164 = ZText()
  .trim()
  .min(1, 'Please enter a phone number')
  .transform(inE164('Enter a valid phone number, e.g. +1 212 555 0123 or (212) 555-0123'));

/** An optional contact phone: blank is null, anything else must parse (stored in E.164). */
export const ZOptionalPhone = ZText()
  .trim()
  .max(30)
  .nullish()
  .transform((value, ctx) => (value ? inE164(PHONE_INVALID)(value, ctx) : null));
