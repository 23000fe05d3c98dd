import { USER_KINDS, USER_STATUSES } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamps, ts } from './columns.ts';
import { customers } from './customers.ts';

/** Staff users (kind staff, customer_id null) and customer users (kind customer) in one table. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    department: text('department'),
    jobTitle: text('job_title'),
    kind: text('kind', { enum: USER_KINDS }).notNull(),
    /** Staff: Admin, Account Manager, Billing, Technical, Support. Customer: Admin, User. */
    role: text('role').notNull(),
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id),
    status: text('status', { enum: USER_STATUSES }).notNull().default('Active'),
    timezone: text('timezone').notNull().default('America/New_York'),
    language: text('language').notNull().default('English'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    /** Set with a temporary password (an admin chose it): the user must choose their own at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Added with an emailed invitation that has not been accepted yet. */
    invitePending: boolean('invite_pending').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** disabled, once_per_computer, every_login */
    twoFactorMode: text('two_factor_mode').notNull().default('disabled'),
    /** authy, sms, voice, other_app */
    twoFactorMethod: text('two_factor_method').notNull().default('authy'),
    twoFactorSecret: text('two_factor_secret'),
    /** The secret being set up (shown as a QR code), until a code confirms it. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: ts('two_factor_enabled_at'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** SHA-256 hashes of the unused single-use recovery codes. */
    twoFactorRecoveryHashes: text('two_factor_recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    lastLoginAt: ts('last_login_at'),
    /**
     * When the user proved the address is theirs. Users added by staff or a company Admin count as
     * verified (now); a self-registered user starts null while settings' requireEmailVerification is on.
     */
    emailVerifiedAt: ts('email_verified_at').defaultNow(),
    ...timestamps(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_customer_idx').on(t.customerId)],
);

/** Server sessions: the cookie carries a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** Set while a staff user views the customer portal as this customer's admin. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins per email address (known or not, so lockout reveals nothing). */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
});

/** Customers a staff user opened recently (admin dashboard). */
export const recentCustomers = pgTable(
  'recent_customers',
  {
    userId: ownedBy('user_id', () => users.id),
    customerId: ownedBy('customer_id', () => customers.id),
    accessedAt: ts('accessed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recent_customers_key').on(t.userId, t.customerId), index('recent_customers_user_idx').on(t.userId, t.accessedAt)],
);

/** A single-use link emailed to a user: only its token's SHA-256 is kept, until it is used or expires. */
const emailedLink = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: ownedBy('user_id', () => users.id),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/** Password reset links, expiring after passwordResetTimeLimit hours. */
export const passwordResets = pgTable('password_resets', emailedLink());

/** The links that verify a self-registered user's address. */
export const emailVerifications = pgTable('email_verifications', emailedLink(), (t) => [
  index('email_verifications_user_idx').on(t.userId),
]);

/** A computer that passed two-factor sign-in and is trusted for 30 days (a cookie; only its hash is kept). */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/** A sign-in whose password was right and whose second step (the code) is awaited. */
export const loginChallenges = pgTable('login_challenges', {
  idHash: text('id_hash').primaryKey(),
  userId: ownedBy('user_id', () => users.id),
  remember: boolean('remember').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
});
