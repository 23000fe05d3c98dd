/**
 * Roles and permissions: the single table both the server (enforcement) and the web (what to
 * offer) read. PRODUCT.md "Roles and what they may do" is the source of this table.
 */
export const STAFF_ROLES = ['Admin', 'Account Manager', 'Billing', 'Technical', 'Support'] as const;
export const CUSTOMER_ROLES = ['Admin', 'User'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
export type TCustomerRole = (typeof CUSTOMER_ROLES)[number];

export const ROLE_KEYS = [
  'staff:admin',
  'staff:account_manager',
  'staff:billing',
  'staff:technical',
  'staff:support',
  'customer:admin',
  'customer:user',
] as const;
export type TRoleKey = (typeof ROLE_KEYS)[number];
/** Staff users (the provider's) and customer users (a customer's portal) share one table. */
export const USER_KINDS = ['staff', 'customer'] as const;
export type TUserKind = (typeof USER_KINDS)[number];
export const USER_STATUSES = ['Active', 'Inactive'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

export function roleKey(kind: TUserKind, role: string): TRoleKey {
  const key = `${kind}:${role.toLowerCase().replace(/\s+/g, '_')}`;
  if (!(ROLE_KEYS as readonly string[]).includes(key)) throw new Error(`Unknown role ${kind}/${role}`);
  return key as TRoleKey;
}

const STAFF: TRoleKey[] = ['staff:admin', 'staff:account_manager', 'staff:billing', 'staff:technical', 'staff:support'];
const CUSTOMER: TRoleKey[] = ['customer:admin', 'customer:user'];
const EVERYONE: TRoleKey[] = [...STAFF, ...CUSTOMER];

/** `public` needs no sign-in; every other permission lists the roles allowed. Default deny. */
export const PERMISSIONS = {
  public: [] as TRoleKey[],
  signedIn: EVERYONE,
  'customers.read': STAFF,
  'customers.write': ['staff:admin', 'staff:account_manager'],
  'customers.impersonate': ['staff:admin', 'staff:account_manager'],
  'company.read': CUSTOMER,
  'company.write': ['customer:admin'],
  'accounts.read': EVERYONE,
  'accounts.write': ['staff:admin', 'staff:account_manager', 'customer:admin'],
  'numbers.read': EVERYONE,
  'numbers.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  /**
   * Taking numbers from the provider's inventory: staff "Add Number" to any customer's account,
   * customer Admins "Buy Number" for their own sub-accounts (the account is scoped by the service).
   */
  'numbers.assign': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  'porting.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin', 'customer:user'],
  'porting.manage': ['staff:admin', 'staff:account_manager', 'staff:technical'],
  'voice.read': EVERYONE,
  'voice.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  'messaging.read': EVERYONE,
  'messaging.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  /** Reviewing 10DLC brands and campaigns (the provider's side of the registry). */
  'messaging.review': ['staff:admin', 'staff:account_manager', 'staff:technical'],
  'api.read': EVERYONE,
  'api.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  /** Platform tokens: the provider's own switch and SMS gateway posting to /ingest/v1. */
  'platform.manage': ['staff:admin'],
  'billing.read': ['staff:admin', 'staff:account_manager', 'staff:billing', 'staff:support', ...CUSTOMER],
  'billing.write': ['staff:admin', 'staff:billing', 'customer:admin'],
  /** Invoices (generate, adjust, finalize, void, remind, the monthly run) and rate decks: the provider's billing staff. */
  'billing.manage': ['staff:admin', 'staff:billing'],
  'users.read': ['staff:admin', 'customer:admin'],
  'users.write': ['staff:admin', 'customer:admin'],
  /** Lifting a sign-in lockout (anyone can lock anyone by guessing): staff admins only. */
  'users.unlock': ['staff:admin'],
  /** Resetting a user's two-factor sign-in (a lost phone): staff admins only, audited, the user is told. */
  'users.resetTwoFactor': ['staff:admin'],
  'compliance.read': EVERYONE,
  'compliance.write': ['staff:admin', 'staff:account_manager', 'staff:technical', 'customer:admin'],
  'support.read': EVERYONE,
  'support.write': ['staff:admin', 'staff:support'],
  'tickets.create': ['staff:admin', 'staff:support', ...CUSTOMER],
  /** Reporting incidents and maintenance on the status page. */
  'status.write': ['staff:admin', 'staff:support', 'staff:technical'],
  'reports.read': EVERYONE,
  /** Scheduling reports e-mailed to chosen addresses (staff for any customer, customer Admins for their company). */
  'reports.schedule': ['staff:admin', 'staff:account_manager', 'staff:billing', 'customer:admin'],
  'settings.read': STAFF,
  'settings.write': ['staff:admin'],
  'audit.read': ['staff:admin', 'staff:support', 'customer:admin'],
  'outbox.read': ['staff:admin'],
} as const satisfies Record<string, readonly TRoleKey[]>;

export type TPermission = keyof typeof PERMISSIONS;

export function rolesFor(permission: TPermission): readonly TRoleKey[] {
  return PERMISSIONS[permission];
}

export function can(role: TRoleKey | null | undefined, permission: TPermission): boolean {
  if (permission === 'public') return true;
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly TRoleKey[]).includes(role);
}

export function permissionsOf(role: TRoleKey): TPermission[] {
  return (Object.keys(PERMISSIONS) as TPermission[]).filter((p) => p !== 'public' && can(role, p));
}
