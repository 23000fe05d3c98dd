/**
 * Self-registration: the customer portal's sign-up page (settings' allowUserSelfRegistration) makes
 * a new company (status pending) and its first Admin; with requireEmailVerification the address is
 * proven through an emailed link first; staff approve or reject the registration.
 */
import { z } from 'zod';
import { PASSWORDS_DIFFER, ZIssuedToken, ZPassword } from './auth.ts';
import { ZEmail, ZIsoDateTime, ZRequiredText, ZText } from './common.ts';
import { ZPhone } from './phone.ts';

export const REGISTRATION_CLOSED = 'Sign-up is not available. Please contact us to open an account.';
export const TERMS_REQUIRED = 'Please accept the terms of service';
export const REGISTERED_VERIFY =
  'Thank you for signing up. We emailed you a link to verify your address; once it is verified, our team will review your registration.';
export const REGISTERED_REVIEW = 'Thank you for signing up. Our team will review your registration and email you once it is approved.';
export const EMAIL_VERIFIED = 'Your email address is verified. Our team will review your registration and email you once it is approved.';
export const VERIFICATION_LINK_INVALID = 'This verification link is invalid or has expired. Please ask for a new one.';
export const VERIFICATION_SENT = 'If a registration awaits verification for this address, a new link is on its way.';
/** Sign-in refusals after a right password (the password proves the address, so these tell nothing new). */
export const EMAIL_NOT_VERIFIED = 'Please verify your email address first: open the link we emailed you.';
export const REGISTRATION_PENDING = 'Your registration is awaiting approval. We will email you once your account is approved.';
export const REGISTRATION_REJECTED = 'Registration rejected';
export const REGISTRATION_APPROVED = 'Registration approved';
/** Links in the verification email stay valid this long. */
export const VERIFICATION_DAYS = 3;

export const ZRegisterBody = z
  .object({
    companyName: ZRequiredText('Company name'),
    firstName: ZRequiredText('First name', 100),
    lastName: ZRequiredText('Last name', 100),
    email: ZEmail,
    phone: ZPhone,
    address: ZRequiredText('Address'),
    city: ZRequiredText('City', 100),
    state: ZText().trim().max(100).default(''),
    zipCode: ZText().trim().max(20).default(''),
    country: ZText().trim().max(100).default('United States'),
    password: ZPassword,
    confirmPassword: ZText().min(1, 'Please confirm the password').max(200),
    acceptTerms: z.boolean().refine((v) => v, TERMS_REQUIRED),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZRegisterResponse = z.object({ emailVerificationRequired: z.boolean(), message: z.string() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZVerifyEmailBody = z.object({ token: ZIssuedToken });
export const ZResendVerificationBody = z.object({ email: ZEmail });
export const ZMessageResponse = z.object({ message: z.string() });

/** A registration awaiting staff review (the customers list's panel). */
export const ZRegistration = z.object({
  /** The customer's id. */
  id: z.uuid(),
  customerId: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  registeredAt: ZIsoDateTime,
  emailVerified: z.boolean(),
});
export type TRegistration = z.infer<typeof ZRegistration>;
export const ZRegistrationList = z.object({ items: z.array(ZRegistration) });
export type TRegistrationList = z.infer<typeof ZRegistrationList>;

export const ZRejectRegistrationBody = z.object({ reason: ZRequiredText('Reason', 1000) });
export type TRejectRegistrationBody = z.input<typeof ZRejectRegistrationBody>;
