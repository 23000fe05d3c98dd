/**
 * Self-registration (settings' allowUserSelfRegistration): the customer portal's sign-up page makes a
 * pending company and its first Admin; with requireEmailVerification an emailed link proves the
 * address first; then staff (Admins, Account Managers) approve or reject. Sign-in is refused until
 * then (auth/service.ts registrationRefusal).
 */
import { passwordPolicyProblem } from '@portal/contract/auth';
import {
  EMAIL_VERIFIED,
  REGISTERED_REVIEW,
  REGISTERED_VERIFY,
  REGISTRATION_CLOSED,
  type TRegisterResponse,
  type TRegistration,
  type TRegistrationList,
  VERIFICATION_DAYS,
  VERIFICATION_LINK_INVALID,
  VERIFICATION_SENT,
  type ZRegisterBody,
} from '@portal/contract/registration';
import { EMAIL_TAKEN } from '@portal/contract/users';
import type { z } from 'zod';
import type { users } from '../../db/schema/index.ts';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { getSettings } from '../../lib/settings.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { auditFor, recordAudit } from '../audit/service.ts';
import { contactColumns, insertSelfRegisteredCustomer } from '../customers/service.ts';
import { queueEmail } from '../email/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { emailInUse, insertSelfRegisteredAdmin } from '../users/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('customer');

type UserRow = typeof users.$inferSelect;

/** Emails a new verification link (earlier ones stop working), inside the caller's transaction. */
async function sendVerification(tx: Ctx, user: Pick<UserRow, 'id' | 'email' | 'name'>, now: Date): Promise<void> {
  const token = randomToken();
  await repo.expireVerifications(tx.db, user.id, now);
  await repo.insertVerification(tx.db, {
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + VERIFICATION_DAYS * 86_400_000),
  });
  await queueEmail(tx, {
    to: user.email,
    subject: `Verify your email address for ${tx.config.PORTAL_BRAND}`,
    body: [
      `Hello ${user.name},`,
      '',
      `Thank you for signing up to the ${tx.config.PORTAL_BRAND} customer portal.`,
      `Open this link within ${VERIFICATION_DAYS} days to verify your email address:`,
      `${tx.config.publicUrl}/customer/verify-email?token=${token}`,
      '',
      'If you did not sign up, ignore this email.',
    ].join('\n'),
  });
}

/** Tells the reviewers (staff Admins and Account Managers) that a registration awaits them. */
async function notifyReviewers(tx: Ctx, companyName: string): Promise<void> {
  await notifyUsers(tx, await repo.reviewerIds(tx.db), {
    event: 'registrationReceived',
    title: 'New registration',
    message: `${companyName} signed up and awaits approval.`,
    link: '/admin/customers',
  });
}

export async function register(ctx: Ctx, body: z.output<typeof ZRegisterBody>): Promise<TRegisterResponse> {
  const settings = await getSettings(ctx.db);
  if (!settings.allowUserSelfRegistration) throw new AppError(404, 'NOT_FOUND', REGISTRATION_CLOSED);
  const problem = passwordPolicyProblem(body.password, settings);
  if (problem) throw invalid({ password: problem });
  const passwordHash = await hashPassword(body.password);
  const verify = settings.requireEmailVerification;
  const now = new Date();
  const name = `${body.firstName} ${body.lastName}`;
  await inTransaction(ctx, async (tx) => {
    if (await emailInUse(tx, body.email)) throw invalid({ email: EMAIL_TAKEN });
    const customer = await insertSelfRegisteredCustomer(tx, {
      name: body.companyName,
      ...contactColumns(body),
      selfRegisteredAt: now,
      primaryContactName: name,
      primaryContactEmail: body.email,
      primaryContactPhone: body.phone,
    });
    const user = await insertSelfRegisteredAdmin(tx, {
      email: body.email,
      name,
      phone: body.phone,
      customerId: customer.id,
      passwordHash,
      emailVerifiedAt: null,
    });
    await recordAudit(tx, {
      action: 'registration.create',
      entityType: 'customer',
      entityId: customer.id,
      customerId: customer.id,
      summary: `${name} (${body.email}) signed up for ${customer.name} (${customer.customerCode})${verify ? '; email verification sent' : ''}`,
      actorId: user.id,
      actorEmail: user.email,
    });
    if (verify) await sendVerification(tx, user, now);
    else await notifyReviewers(tx, customer.name);
  });
  return { emailVerificationRequired: verify, message: verify ? REGISTERED_VERIFY : REGISTERED_REVIEW };
}

/** The emailed link: the address is proven, and the registration goes to the reviewers. */
export async function verifyEmail(ctx: Ctx, token: string): Promise<{ message: string }> {
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    const claimed = await repo.claimVerification(tx.db, sha256(token), now);
    if (!claimed) throw new AppError(400, 'BAD_REQUEST', VERIFICATION_LINK_INVALID);
    const user = await repo.markVerified(tx.db, claimed.userId, now);
    if (!user?.customerId) throw new AppError(400, 'BAD_REQUEST', VERIFICATION_LINK_INVALID);
    await repo.expireVerifications(tx.db, user.id, now);
    const pending = await repo.lockPending(tx.db, user.customerId);
    await recordAudit(tx, {
      action: 'registration.email_verified',
      entityType: 'user',
      entityId: user.id,
      customerId: user.customerId,
      summary: `${user.name} verified ${user.email}`,
      actorId: user.id,
      actorEmail: user.email,
    });
    if (pending?.customer.status === 'pending') await notifyReviewers(tx, pending.customer.name);
  });
  return { message: EMAIL_VERIFIED };
}

/** A new link for an unverified registration; the same answer whether or not the address has one. */
export async function resendVerification(ctx: Ctx, email: string): Promise<{ message: string }> {
  const settings = await getSettings(ctx.db);
  const user = settings.requireEmailVerification ? await repo.findUnverified(ctx.db, email) : undefined;
  if (user) {
    await inTransaction(ctx, async (tx) => {
      await sendVerification(tx, user, new Date());
      await recordAudit(tx, {
        action: 'registration.verification_resent',
        entityType: 'user',
        entityId: user.id,
        customerId: user.customerId,
        summary: `A new verification link was sent to ${user.email}`,
        actorId: user.id,
        actorEmail: user.email,
      });
    });
  }
  return { message: VERIFICATION_SENT };
}

type PendingRow = Awaited<ReturnType<typeof repo.listPending>>[number];

function toRegistration(row: PendingRow): TRegistration {
  const c = row.customer;
  return {
    id: c.id,
    customerId: c.customerCode,
    companyName: c.name,
    contactName: row.user.name,
    email: row.user.email,
    phone: c.phone,
    address: [c.address, c.city, c.state, c.zipCode, c.country].filter(Boolean).join(', '),
    registeredAt: (c.selfRegisteredAt ?? c.createdAt).toISOString(),
    emailVerified: Boolean(row.user.emailVerifiedAt),
  };
}

export async function listRegistrations(ctx: Ctx): Promise<TRegistrationList> {
  return { items: (await repo.listPending(ctx.db)).map(toRegistration) };
}

const NOT_PENDING = 'This registration has already been reviewed.';
const UNVERIFIED = 'The applicant has not verified their email address yet.';

/** Approve: the company becomes active, its Admin can sign in, and is told so by email. */
export async function approveRegistration(ctx: Ctx, customerId: string): Promise<void> {
  const settings = await getSettings(ctx.db);
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    const row = await repo.lockPending(tx.db, customerId);
    if (!row) throw notFound('Registration');
    if (row.customer.status !== 'pending') throw conflict(NOT_PENDING);
    if (settings.requireEmailVerification && !row.user.emailVerifiedAt) throw conflict(UNVERIFIED);
    await repo.setCustomerStatus(tx.db, customerId, 'active', now);
    await queueEmail(tx, {
      to: row.user.email,
      subject: `Your ${tx.config.PORTAL_BRAND} account is approved`,
      body: [
        `Hello ${row.user.name},`,
        '',
        `Your registration for ${row.customer.name} is approved. Sign in to the customer portal:`,
        `${tx.config.publicUrl}/customer/login`,
      ].join('\n'),
    });
    await audit(
      tx,
      'registration.approve',
      { id: customerId, customerId },
      `Approved the registration of ${row.customer.name} (${row.customer.customerCode})`,
      { before: { status: 'pending' }, after: { status: 'active' } },
    );
  });
}

/**
 * Reject, with the reason emailed to the applicant: the company is closed (kept, deleted, for the
 * record) and its users removed, so the address may sign up again.
 */
export async function rejectRegistration(ctx: Ctx, customerId: string, reason: string): Promise<void> {
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    const row = await repo.lockPending(tx.db, customerId);
    if (!row) throw notFound('Registration');
    if (row.customer.status !== 'pending') throw conflict(NOT_PENDING);
    await repo.deleteCompanyUsers(tx.db, customerId);
    await repo.setCustomerStatus(tx.db, customerId, 'inactive', now, true);
    await queueEmail(tx, {
      to: row.user.email,
      subject: `Your ${tx.config.PORTAL_BRAND} registration`,
      body: [
        `Hello ${row.user.name},`,
        '',
        `We could not approve the registration of ${row.customer.name}:`,
        reason,
        '',
        `Questions? Reply to this email or contact ${tx.config.PORTAL_BRAND} support.`,
      ].join('\n'),
    });
    await audit(
      tx,
      'registration.reject',
      { id: customerId, customerId },
      `Rejected the registration of ${row.customer.name} (${row.customer.customerCode}): ${reason}`,
      { before: { status: 'pending' }, after: { status: 'inactive', reason } },
    );
  });
}
