/** Users: the provider's staff (seedStaff) and the helper that adds a customer's portal users. */
import type { SeedContext, SeedCustomer, SeedUser } from './context.ts';
import { STAFF, TIMEZONES } from './data/people.ts';
import { add, HOUR, maxDate } from './helpers.ts';
import type { Rng } from './random.ts';

export function seedStaff(sc: SeedContext): void {
  const rng = sc.rng.fork('staff');
  STAFF.forEach((spec, i) => {
    const id = sc.uuid();
    const createdAt = i === 0 ? sc.ago(1180) : sc.ago(rng.int(200, 1150));
    sc.reserveEmail(spec.email);
    const demo = spec.email === 'admin@example.com' || spec.email === 'support@example.com';
    const lastLoginAt =
      spec.status === 'Inactive' ? sc.ago(rng.int(45, 120)) : demo ? add(sc.now, -rng.int(2, 30) * HOUR) : sc.ago(rng.float(0.1, 6));
    sc.staff.push({ id, email: spec.email, name: spec.name, role: spec.role, kind: 'staff', status: spec.status, createdAt });
    sc.rows.staffUsers.push({
      id,
      email: spec.email,
      name: spec.name,
      phone: spec.phone,
      department: spec.department,
      jobTitle: spec.jobTitle,
      kind: 'staff',
      role: spec.role,
      customerId: null,
      status: spec.status,
      timezone: spec.timezone,
      language: 'English',
      passwordHash: sc.passwordHash,
      passwordChangedAt: demo ? sc.ago(1) : sc.ago(rng.int(2, 60)),
      twoFactorEnabled: false,
      twoFactorMode: 'disabled',
      twoFactorMethod: 'authy',
      lastLoginAt,
      createdAt,
      updatedAt: maxDate(createdAt, lastLoginAt),
    });
  });
}

/** A user of the customer's portal; the first one of a customer is its primary contact (its Admin). */
export function addCustomerUser(
  sc: SeedContext,
  rng: Rng,
  customer: SeedCustomer,
  u: {
    name: string;
    email: string;
    role: 'Admin' | 'User';
    department: string;
    jobTitle: string;
    phone: string;
    demo?: boolean;
    inactive?: boolean;
  },
): void {
  const id = sc.uuid();
  const inactive = !u.demo && (u.inactive || customer.spec.status === 'inactive');
  const createdAt =
    customer.users.length === 0 ? add(customer.createdAt, rng.int(1, 48) * HOUR) : sc.between(rng, customer.createdAt, sc.ago(20));
  const lastLoginAt = u.demo
    ? add(sc.now, -rng.int(3, 40) * HOUR)
    : inactive
      ? sc.between(rng, createdAt, sc.ago(60))
      : rng.chance(0.85)
        ? sc.between(rng, maxDate(createdAt, sc.ago(30)), sc.now)
        : null;
  const timezone = rng.chance(0.85) ? customer.spec.timezone : rng.pick(TIMEZONES);
  const ctx: SeedUser = {
    id,
    email: u.email,
    name: u.name,
    role: u.role,
    kind: 'customer',
    status: inactive ? 'Inactive' : 'Active',
    customer,
    createdAt,
  };
  customer.users.push(ctx);
  sc.rows.customerUsers.push({
    id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    department: u.department,
    jobTitle: u.jobTitle,
    kind: 'customer',
    role: u.role,
    customerId: customer.id,
    status: ctx.status,
    timezone: u.demo ? customer.spec.timezone : timezone,
    language: 'English',
    passwordHash: sc.passwordHash,
    passwordChangedAt: u.demo ? sc.ago(1) : sc.between(rng, maxDate(createdAt, sc.ago(80)), sc.now),
    twoFactorEnabled: false,
    twoFactorMode: 'disabled',
    twoFactorMethod: 'authy',
    lastLoginAt,
    createdAt,
    updatedAt: lastLoginAt ? maxDate(createdAt, lastLoginAt) : createdAt,
  });
}
