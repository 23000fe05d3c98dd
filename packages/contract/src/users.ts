import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZPageQuery, ZRequiredText, ZSortDir, ZText } from './common.ts';
import { ZOptionalPhone } from './phone.ts';
import { CUSTOMER_ROLES, STAFF_ROLES, USER_KINDS, USER_STATUSES } from './roles.ts';

/** The user form's time zones (customer-portal spec 9). */
export const USER_TIMEZONES = [
  'America/New_York',
  'UTC',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;
/** Two-factor options per user (admin spec 6): when a code is asked, and how it arrives. */
export const TWO_FACTOR_MODES = ['disabled', 'once_per_computer', 'every_login'] as const;
export const TWO_FACTOR_MODE_LABELS: Record<(typeof TWO_FACTOR_MODES)[number], string> = {
  disabled: 'Disabled',
  once_per_computer: 'Once per computer (every 30 days on trusted devices)',
  every_login: 'Every login',
};
export const TWO_FACTOR_METHODS = ['authy', 'sms', 'voice', 'other_app'] as const;
export const TWO_FACTOR_METHOD_LABELS: Record<(typeof TWO_FACTOR_METHODS)[number], string> = {
  authy: 'Authy',
  sms: 'Text message (SMS)',
  voice: 'Voice call',
  other_app: 'Other authenticator app',
};
/** Every role a user can hold; which ones a given portal offers: `rolesOfKind`. */
export const ALL_USER_ROLES = [...new Set([...STAFF_ROLES, ...CUSTOMER_ROLES])] as [string, ...string[]];
export const rolesOfKind = (kind: 'staff' | 'customer'): readonly string[] => (kind === 'staff' ? STAFF_ROLES : CUSTOMER_ROLES);
/** New users default to Support (staff) and User (customer). */
export const defaultRoleOf = (kind: 'staff' | 'customer') => (kind === 'staff' ? 'Support' : 'User');
/** An invitation link lasts this long. */
export const INVITE_DAYS = 7;

export const USER_SORTS = ['name', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);

export const ZListUsersQuery = ZPageQuery.extend({
  /** Staff: that customer's users instead of the staff (customer callers: their own company only). */
  customerId: z.uuid().optional(),
  /** Matches the name or the email. */
  search: ZText().trim().max(100).optional(),
  role: z.enum(ALL_USER_ROLES).optional(),
  status: ZUserStatus.optional(),
  sort: z.enum(USER_SORTS).default('name'),
  dir: ZSortDir,
});
export type TListUsersQuery = z.infer<typeof ZListUsersQuery>;

export const ZUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** A staff user (the provider's) or a customer's user: which roles the form offers. */
  kind: z.enum(USER_KINDS),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  role: z.string(),
  status: ZUserStatus,
  timezone: z.string(),
  twoFactorEnabled: z.boolean(),
  twoFactorMode: z.enum(TWO_FACTOR_MODES),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS),
  /** An emailed invitation has not been accepted yet (no password of their own). */
  invitePending: z.boolean(),
  /** Signed in with a temporary password: must choose their own first. */
  mustChangePassword: z.boolean(),
  lastLoginAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TUser = z.infer<typeof ZUser>;

const ZUserFields = z.object({
  name: ZRequiredText('Name', 100),
  email: ZEmail,
  role: z.enum(ALL_USER_ROLES, { message: 'Role is required' }),
  timezone: z.enum(USER_TIMEZONES, { message: 'Timezone is required' }),
  phone: ZOptionalPhone,
  department: ZOptionalText(100),
});

/** Add: a temporary password (changed at first sign-in), or an emailed invitation to set one. */
export const ZCreateUserBody = ZUserFields.extend({
  password: ZText().max(128).optional(),
  sendInvite: z.boolean().default(false),
}).superRefine((v, ctx) => {
  if (!v.sendInvite && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Temporary Password is required' });
});
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;

/** Edit: a blank New Password keeps the current one. */
export const ZUpdateUserBody = ZUserFields.extend({
  password: ZText().max(128).optional(),
  twoFactorMode: z.enum(TWO_FACTOR_MODES),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS),
});
export type TUpdateUserBody = z.input<typeof ZUpdateUserBody>;

export const ZUserStatusBody = z.object({ status: ZUserStatus });
export type TUserStatusBody = z.infer<typeof ZUserStatusBody>;

/** Reasons a status change or role change is refused (the company must keep an Admin). */
export const LAST_ADMIN = 'The last active Admin cannot be deactivated or lose the Admin role';
export const NOT_YOURSELF = 'You cannot deactivate your own user';
export const EMAIL_TAKEN = 'A user with this email address already exists';

// ---------------------------------------------------------------------------------------------
// My Profile (customer spec: My Profile; the admin portal's from the profile menu) and User
// Settings' Basic Information: the signed-in user's own record.

/** The time zones My Profile offers (customer spec 3), shown by their names. */
export const PROFILE_TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'] as const;
export const TIMEZONE_LABELS: Partial<Record<(typeof USER_TIMEZONES)[number], string>> = {
  'America/New_York': 'Eastern Time',
  'America/Chicago': 'Central Time',
  'America/Denver': 'Mountain Time',
  'America/Los_Angeles': 'Pacific Time',
};
export const PROFILE_LANGUAGES = ['English', 'Spanish', 'French'] as const;
export const PROFILE_UPDATED = 'Profile updated successfully';

/** Company Information (read-only): the customer user's company, or the provider for staff. */
export const ZProfileCompany = z.object({
  kind: z.enum(['customer', 'provider']),
  name: z.string(),
  /** The customer's number (CUST-1001); null for the provider. */
  accountNumber: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TProfileCompany = z.infer<typeof ZProfileCompany>;

export const ZMyProfile = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  /** One of USER_TIMEZONES (an admin may have set one My Profile does not offer). */
  timeZone: z.string(),
  language: z.string(),
  kind: z.enum(USER_KINDS),
  /** Not editable here (customer spec 5). */
  role: z.string(),
  lastLoginAt: ZIsoDateTime.nullable(),
  twoFactorEnabled: z.boolean(),
  company: ZProfileCompany,
});
export type TMyProfile = z.infer<typeof ZMyProfile>;

/** Save Changes: first name, last name and email required; phone optional (customer spec 5). */
export const ZUpdateMyProfileBody = z.object({
  firstName: ZRequiredText('First name', 50),
  lastName: ZRequiredText('Last name', 50),
  email: ZEmail,
  phone: ZOptionalPhone,
  jobTitle: ZOptionalText(100),
  department: ZOptionalText(100),
  timeZone: z.enum(USER_TIMEZONES, { message: 'Time zone is required' }),
  language: z.enum(PROFILE_LANGUAGES, { message: 'Language is required' }),
});
export type TUpdateMyProfileBody = z.input<typeof ZUpdateMyProfileBody>;
