/** Customers with their portal users, the staff's notes on them, and the staff's recently viewed customers. */
import type { SeedContext, SeedCustomer } from './context.ts';
import type { Tier } from './data/companies.ts';
import { COMPANIES } from './data/companies.ts';
import { DEPARTMENTS, JOB_TITLES } from './data/people.ts';
import { CITY_AREA_CODES } from './data/places.ts';
import { CUSTOMER_NOTE_BODIES } from './data/support.ts';
import { add, at, contactPhone, emailLocal, HOUR, personName, staffByEmail, staffByRole } from './helpers.ts';
import { addCustomerUser } from './users.ts';

const ACCOUNT_TYPE: Record<Tier, string> = { xl: 'Enterprise', l: 'Enterprise', m: 'Business', s: 'Small Business' };

export function seedCustomers(sc: SeedContext): void {
  const rng = sc.rng.fork('customers');
  const ams = staffByRole(sc, 'Account Manager');
  COMPANIES.forEach((spec, i) => {
    const id = sc.uuid();
    const code = `CUST-${1001 + i}`;
    const domain = `${spec.slug}.example`;
    const areaCodes = CITY_AREA_CODES[spec.city] ?? ['212'];
    const ac = at(areaCodes, 0);
    const createdAt =
      i === 0 ? sc.ago(1040 + rng.float(0, 1)) : spec.status === 'pending' ? sc.ago(rng.float(12, 45)) : sc.ago(rng.float(420, 1090));
    const am = at(ams, i % ams.length);
    const demoContactEmail = i === 0 ? 'customer@example.com' : i === 1 ? 'other@example.com' : null;
    const contactEmail = demoContactEmail ?? sc.uniqueEmail(emailLocal(spec.contact[0]), domain);
    if (demoContactEmail) sc.reserveEmail(demoContactEmail);
    const sameBillingPerson = spec.billing[0] === spec.contact[0];
    const billingEmail = sameBillingPerson
      ? contactEmail
      : sc.uniqueEmail(rng.chance(0.5) ? 'billing' : emailLocal(spec.billing[0]), domain);
    const primaryPhone = contactPhone(rng, ac);
    const ba = spec.billingAddress;
    const customer: SeedCustomer = {
      id,
      code,
      index: i,
      spec,
      createdAt,
      am,
      users: [],
      accounts: [],
      methods: [],
      domain,
      areaCodes,
      row: {
        id,
        customerCode: code,
        name: spec.name,
        email: sc.uniqueEmail(rng.pick(['info', 'contact', 'office', 'hello']), domain),
        phone: contactPhone(rng, ac),
        website: `https://www.${domain}`,
        industry: spec.industry,
        founded: spec.founded,
        address: spec.address,
        city: spec.city,
        state: spec.state,
        zipCode: spec.zip,
        country: 'United States',
        status: spec.status,
        accountType: ACCOUNT_TYPE[spec.tier],
        premium: spec.premium,
        accountManagerId: am.id,
        primaryContactName: spec.contact[0],
        primaryContactTitle: spec.contact[1],
        primaryContactEmail: contactEmail,
        primaryContactPhone: primaryPhone,
        billingContactName: spec.billing[0],
        billingContactTitle: spec.billing[1],
        billingContactEmail: billingEmail,
        billingContactPhone: sameBillingPerson ? primaryPhone : contactPhone(rng, ac),
        billingSameAsCompany: !ba,
        billingAddress: ba ? ba[0] : spec.address,
        billingCity: ba ? ba[1] : spec.city,
        billingState: ba ? ba[2] : spec.state,
        billingZipCode: ba ? ba[3] : spec.zip,
        billingCountry: 'United States',
        taxId: `${rng.int(10, 98)}-${rng.digits(7)}`,
        revenue: 0,
        createdAt,
        updatedAt: sc.between(rng, createdAt, sc.now),
      },
    };
    sc.customers.push(customer);
    sc.rows.customers.push(customer.row);

    // users: the primary contact is the company's Admin; then 0-2 more (Acme and Globex: the demo users)
    const deptOf = (title: string) =>
      /financ|controller|account|bookkeep|treasury|billing|revenue/i.test(title)
        ? 'Finance'
        : /IT|engineer|technolog/i.test(title)
          ? 'IT'
          : 'Operations';
    addCustomerUser(sc, rng, customer, {
      name: spec.contact[0],
      email: contactEmail,
      role: 'Admin',
      department: deptOf(spec.contact[1]),
      jobTitle: spec.contact[1],
      phone: primaryPhone,
      demo: demoContactEmail !== null,
    });
    if (i === 0) {
      addCustomerUser(sc, rng, customer, {
        name: 'Emily Davis',
        email: 'user@example.com',
        role: 'User',
        department: 'Marketing',
        jobTitle: 'Marketing Manager',
        phone: contactPhone(rng, ac),
        demo: true,
      });
      sc.reserveEmail('user@example.com');
    }
    const extra = spec.status === 'pending' ? 0 : i <= 1 ? rng.int(1, 2) : rng.int(0, 2);
    if (!sameBillingPerson && spec.status !== 'pending') {
      addCustomerUser(sc, rng, customer, {
        name: spec.billing[0],
        email: billingEmail.startsWith('billing@') ? sc.uniqueEmail(emailLocal(spec.billing[0]), domain) : billingEmail,
        role: rng.chance(0.5) ? 'Admin' : 'User',
        department: 'Finance',
        jobTitle: spec.billing[1],
        phone: customer.row.billingContactPhone ?? contactPhone(rng, ac),
      });
    }
    for (let k = 0; k < extra; k++) {
      const name = personName(rng);
      const dept = rng.pick(DEPARTMENTS);
      addCustomerUser(sc, rng, customer, {
        name,
        email: sc.uniqueEmail(emailLocal(name), domain),
        role: rng.chance(0.25) ? 'Admin' : 'User',
        department: dept,
        jobTitle: rng.pick(JOB_TITLES[dept] ?? ['Specialist']),
        phone: contactPhone(rng, ac),
        inactive: rng.chance(0.2),
      });
    }
  });
}

export function seedCustomerNotes(sc: SeedContext): void {
  const rng = sc.rng.fork('notes');
  for (const c of sc.customers) {
    const n = c.spec.status === 'pending' ? 1 : rng.int(2, 4);
    const bodies = rng.sample(CUSTOMER_NOTE_BODIES, n);
    const authors = [c.am, c.am, staffByEmail(sc, 'admin@example.com'), ...staffByRole(sc, 'Billing'), ...staffByRole(sc, 'Technical')];
    for (const body of bodies)
      sc.rows.customerNotes.push({
        id: sc.uuid(),
        customerId: c.id,
        authorId: rng.pick(authors).id,
        body,
        createdAt: sc.between(rng, c.createdAt, sc.now),
      });
  }
}

export function seedRecentCustomers(sc: SeedContext): void {
  const rng = sc.rng.fork('misc');
  const admin = staffByEmail(sc, 'admin@example.com');
  const favourites = sc.customers.filter((c) => c.spec.status === 'active').slice(0, 5);
  favourites.forEach((c, k) => {
    sc.rows.recentCustomers.push({ userId: admin.id, customerId: c.id, accessedAt: add(sc.now, -(k * 7 + rng.int(1, 6)) * HOUR) });
  });
  for (const am of staffByRole(sc, 'Account Manager')) {
    const mine = sc.customers.filter((c) => c.am.id === am.id).slice(0, 3);
    mine.forEach((c, k) => {
      sc.rows.recentCustomers.push({ userId: am.id, customerId: c.id, accessedAt: add(sc.now, -(k * 11 + rng.int(1, 10)) * HOUR) });
    });
  }
}
