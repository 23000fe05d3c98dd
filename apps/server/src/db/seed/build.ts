/**
 * Builds every row of the demo data set in memory, deterministically for a given `now`: ids come
 * from the seeded PRNG, every date is relative to `now`. index.ts inserts the rows and computes
 * the rollups (usage_daily, customer revenue) in SQL.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_NOTIFICATION_FLAGS, DEFAULT_NOTIFICATION_PREFERENCES, DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { PgTable } from 'drizzle-orm/pg-core';
import type * as s from '../schema/index.ts';
import {
  ACCOUNT_SUFFIXES,
  API_ENDPOINTS,
  API_KEY_NAMES,
  AREA_CODES,
  BANKS,
  CAMPAIGNS,
  CARD_BRANDS,
  CARRIERS,
  CITY_AREA_CODES,
  COMPANIES,
  type CompanySpec,
  CUSTOMER_NOTE_BODIES,
  DEPARTMENTS,
  DNC_REASONS,
  DNO_REASONS,
  FIRST_NAMES,
  INTERNAL_NOTES,
  INVENTORY_AREA_CODES,
  JOB_TITLES,
  KNOWLEDGE_ARTICLES,
  LAST_NAMES,
  SERVICE_CATALOGUE,
  type ServiceSpec,
  STAFF,
  TEMPLATES,
  TICKET_FOLLOWUPS,
  TICKET_SUBJECTS,
  TIER_REVENUE,
  TIMEZONES,
  type Tier,
  TOLL_FREE_PREFIXES,
} from './data.ts';
import { tinyPdf } from './pdf.ts';
import { BASE62, BASE64ISH, Rng, UPPER_ALNUM } from './random.ts';

type Row<T extends PgTable> = T['$inferInsert'];

/** The volumes of the generated data; a later `--scale N` option multiplies these. */
export interface SeedVolumes {
  assignedNumbers: number;
  inventoryNumbers: number;
  cdrs: number;
  messages: number;
  apiRequests: number;
  portingRequests: number;
  tickets: number;
  dncEntries: number;
}

export const DEFAULT_VOLUMES: SeedVolumes = {
  assignedNumbers: 600,
  inventoryNumbers: 400,
  cdrs: 6000,
  messages: 6000,
  apiRequests: 400,
  portingRequests: 40,
  tickets: 50,
  dncEntries: 60,
};

export interface BuildOptions {
  now: Date;
  /** One scrypt hash of the demo password, shared by every seeded user. */
  passwordHash: string;
  volumes?: SeedVolumes;
  seed?: number;
}

export interface SeedData {
  systemSettings: Row<typeof s.systemSettings>[];
  staffUsers: Row<typeof s.users>[];
  customers: Row<typeof s.customers>[];
  customerUsers: Row<typeof s.users>[];
  customerNotes: Row<typeof s.customerNotes>[];
  accounts: Row<typeof s.accounts>[];
  accountServices: Row<typeof s.accountServices>[];
  phoneNumbers: Row<typeof s.phoneNumbers>[];
  portingRequests: Row<typeof s.portingRequests>[];
  portingEvents: Row<typeof s.portingEvents>[];
  portingDocuments: Row<typeof s.portingDocuments>[];
  trunks: Row<typeof s.trunks>[];
  trunkIps: Row<typeof s.trunkIps>[];
  ipAddresses: Row<typeof s.ipAddresses>[];
  cdrs: Row<typeof s.cdrs>[];
  messages: Row<typeof s.messages>[];
  brands: Row<typeof s.brands>[];
  campaigns: Row<typeof s.campaigns>[];
  messageTemplates: Row<typeof s.messageTemplates>[];
  apiKeys: Row<typeof s.apiKeys>[];
  webhooks: Row<typeof s.webhooks>[];
  webhookDeliveries: Row<typeof s.webhookDeliveries>[];
  apiRequests: Row<typeof s.apiRequests>[];
  paymentMethods: Row<typeof s.paymentMethods>[];
  invoices: Row<typeof s.invoices>[];
  invoiceLines: Row<typeof s.invoiceLines>[];
  payments: Row<typeof s.payments>[];
  dncEntries: Row<typeof s.dncEntries>[];
  tickets: Row<typeof s.tickets>[];
  ticketComments: Row<typeof s.ticketComments>[];
  knowledgeArticles: Row<typeof s.knowledgeArticles>[];
  serviceStatus: Row<typeof s.serviceStatus>[];
  notifications: Row<typeof s.notifications>[];
  notificationSettings: Row<typeof s.notificationSettings>[];
  auditLog: Row<typeof s.auditLog>[];
  recentCustomers: Row<typeof s.recentCustomers>[];
  emailOutbox: Row<typeof s.emailOutbox>[];
}

// ---------------------------------------------------------------------------------------------
// helpers

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

type AccountStatus = (typeof s.ACCOUNT_STATUSES)[number];
type NumberStatus = (typeof s.NUMBER_STATUSES)[number];
type PortingStatus = (typeof s.PORTING_STATUSES)[number];
type TicketStatus = (typeof s.TICKET_STATUSES)[number];
type TrunkStatus = (typeof s.TRUNK_STATUSES)[number];
type InvoiceStatus = (typeof s.INVOICE_STATUSES)[number];

const add = (d: Date, ms: number) => new Date(d.getTime() + ms);
const minDate = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
const maxDate = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const cents = (n: number) => Math.round(n * 100);
const fromCents = (c: number) => c / 100;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** The first day of the month `back` months before now's month, at 00:00 UTC. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

function emailLocal(name: string): string {
  return name
    .replace(/^Dr\.\s+/, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

const TIER_WEIGHT: Record<Tier, number> = { xl: 4, l: 3, m: 2, s: 1 };
const SERVICE_PRICE_SCALE: Record<Tier, number> = { xl: 2.4, l: 1.7, m: 1, s: 0.35 };
const ACCOUNT_TYPE: Record<Tier, string> = { xl: 'Enterprise', l: 'Enterprise', m: 'Business', s: 'Small Business' };

/** UTC hours weighted for a US business day (12-22 UTC is about 8am-6pm Eastern). */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = Array.from({ length: 24 }, (_, h) => [
  h,
  h >= 13 && h <= 21 ? 9 : h === 12 || h === 22 ? 6 : h === 23 || h <= 2 ? 3 : 1,
]);

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
] as const;

// ---------------------------------------------------------------------------------------------
// contexts shared between sections

interface UserCtx {
  id: string;
  email: string;
  name: string;
  role: string;
  kind: 'staff' | 'customer';
  status: 'Active' | 'Inactive';
  customer?: CustomerCtx;
  createdAt: Date;
}

interface MethodCtx {
  id: string;
  label: string;
  type: 'credit_card' | 'bank_account';
}

interface NumberCtx {
  id: string;
  number: string;
  type: 'DID' | 'TFN';
  fee: number;
  features: string[];
  status: NumberStatus;
  assignedAt: Date;
  row: Row<typeof s.phoneNumbers>;
}

interface ServiceCtx {
  spec: ServiceSpec;
  cost: number;
  status: 'active' | 'pending' | 'inactive';
}

interface AccountCtx {
  id: string;
  code: string;
  name: string;
  index: number;
  customer: CustomerCtx;
  status: AccountStatus;
  createdAt: Date;
  /** When traffic stopped (suspension or cancellation); null = still active. */
  endedAt: Date | null;
  /** Whether the account produces traffic and invoices at all. */
  billable: boolean;
  profile: 'voice' | 'sms' | 'mixed';
  services: ServiceCtx[];
  numbers: NumberCtx[];
  ratePerMinute: number;
  useCustomerBilling: boolean;
  ownMethod?: MethodCtx;
  maxVoiceChannels: number;
  row: Row<typeof s.accounts>;
}

interface CustomerCtx {
  id: string;
  code: string;
  index: number;
  spec: CompanySpec;
  createdAt: Date;
  am: UserCtx;
  users: UserCtx[];
  accounts: AccountCtx[];
  methods: MethodCtx[];
  defaultMethod?: MethodCtx;
  domain: string;
  areaCodes: readonly string[];
  row: Row<typeof s.customers>;
}

interface InvoiceCtx {
  id: string;
  number: string;
  account: AccountCtx;
  issue: Date;
  due: Date;
  amount: number;
  status: InvoiceStatus;
  paidAt: Date | null;
  row: Row<typeof s.invoices>;
}

// ---------------------------------------------------------------------------------------------

export function buildSeedData(opts: BuildOptions): SeedData {
  return new Builder(opts).build();
}

class Builder {
  private readonly now: Date;
  private readonly root: Rng;
  private readonly ids: Rng;
  private readonly vol: SeedVolumes;
  private readonly passwordHash: string;
  private readonly out: SeedData;

  private readonly staff: UserCtx[] = [];
  private readonly customers: CustomerCtx[] = [];
  private readonly accounts: AccountCtx[] = [];
  private readonly usedNumbers = new Set<string>();
  private readonly usedEmails = new Set<string>();
  private readonly usedCodes = new Set<string>();
  private ipPool: string[] = [];
  private readonly invoiceCtx: InvoiceCtx[] = [];
  private readonly ticketCtx: {
    id: string;
    code: string;
    customer: CustomerCtx;
    subject: string;
    status: TicketStatus;
    priority: string;
    createdAt: Date;
    updatedAt: Date;
    assignee?: UserCtx;
  }[] = [];
  private readonly keyCtx: {
    id: string;
    account: AccountCtx;
    name: string;
    environment: string;
    createdAt: Date;
    status: 'Active' | 'Revoked';
    revokedAt: Date | null;
    row: Row<typeof s.apiKeys>;
  }[] = [];
  private readonly portingCtx: {
    id: string;
    code: string;
    account: AccountCtx;
    number: string;
    status: PortingStatus;
    events: { status: PortingStatus; at: Date; actor: UserCtx }[];
  }[] = [];
  private remotePool: string[] = [];
  private settingsChangedAt: Date;

  constructor(opts: BuildOptions) {
    this.now = new Date(opts.now.getTime());
    this.root = new Rng(opts.seed ?? 382_382);
    this.ids = this.root.fork('ids');
    this.vol = opts.volumes ?? DEFAULT_VOLUMES;
    this.passwordHash = opts.passwordHash;
    this.settingsChangedAt = new Date(this.now.getTime() - 22.5 * DAY);
    this.out = {
      systemSettings: [],
      staffUsers: [],
      customers: [],
      customerUsers: [],
      customerNotes: [],
      accounts: [],
      accountServices: [],
      phoneNumbers: [],
      portingRequests: [],
      portingEvents: [],
      portingDocuments: [],
      trunks: [],
      trunkIps: [],
      ipAddresses: [],
      cdrs: [],
      messages: [],
      brands: [],
      campaigns: [],
      messageTemplates: [],
      apiKeys: [],
      webhooks: [],
      webhookDeliveries: [],
      apiRequests: [],
      paymentMethods: [],
      invoices: [],
      invoiceLines: [],
      payments: [],
      dncEntries: [],
      tickets: [],
      ticketComments: [],
      knowledgeArticles: [],
      serviceStatus: [],
      notifications: [],
      notificationSettings: [],
      auditLog: [],
      recentCustomers: [],
      emailOutbox: [],
    };
  }

  build(): SeedData {
    this.staffUsers();
    this.settings();
    this.customersAndUsers();
    this.accountsAndServices();
    this.phoneNumbers();
    this.porting();
    this.voice();
    this.traffic();
    this.messaging();
    this.apiAccess();
    this.billing();
    this.compliance();
    this.support();
    this.customerNotes();
    this.notifications();
    this.audit();
    this.misc();
    return this.out;
  }

  // -------------------------------------------------------------------------------------------
  private ago(days: number): Date {
    return new Date(this.now.getTime() - days * DAY);
  }

  private uuid(): string {
    return this.ids.uuid();
  }

  /** A date between a and b, never after now. */
  private between(rng: Rng, a: Date, b: Date): Date {
    return rng.dateBetween(minDate(a, this.now), minDate(b, this.now));
  }

  private contactPhone(rng: Rng, areaCode: string): string {
    return `(${areaCode}) 555-01${rng.digits(2)}`;
  }

  private uniqueEmail(local: string, domain: string): string {
    let email = `${local}@${domain}`;
    for (let n = 2; this.usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    this.usedEmails.add(email);
    return email;
  }

  private uniqueCode(rng: Rng, prefix: string, length: number): string {
    for (;;) {
      const code = prefix + rng.string(length, UPPER_ALNUM);
      if (!this.usedCodes.has(code)) {
        this.usedCodes.add(code);
        return code;
      }
    }
  }

  private exchange(rng: Rng): string {
    for (;;) {
      const nxx = `${rng.int(2, 9)}${rng.digits(2)}`;
      if (nxx[1] === '1' && nxx[2] === '1') continue;
      if (nxx === '555' || nxx === '958' || nxx === '959' || nxx === '950') continue;
      return nxx;
    }
  }

  /** A fresh, unique E.164 number in the area code or toll-free prefix. */
  private newNumber(rng: Rng, npa: string): string {
    for (;;) {
      const n = `+1${npa}${this.exchange(rng)}${rng.digits(4)}`;
      if (!this.usedNumbers.has(n)) {
        this.usedNumbers.add(n);
        return n;
      }
    }
  }

  /** A plausible outside US number (a caller or recipient); not reserved. */
  private remote(rng: Rng): string {
    return rng.pick(this.remotePool);
  }

  private personName(rng: Rng): string {
    return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  }

  // -------------------------------------------------------------------------------------------
  private settings(): void {
    const admin = this.staff.find((u) => u.email === 'admin@example.com');
    this.out.systemSettings.push({
      key: 'system',
      value: { ...DEFAULT_SETTINGS },
      updatedById: admin?.id ?? null,
      updatedAt: this.settingsChangedAt,
    });
  }

  private staffUsers(): void {
    const rng = this.root.fork('staff');
    STAFF.forEach((spec, i) => {
      const id = this.uuid();
      const createdAt = i === 0 ? this.ago(1180) : this.ago(rng.int(200, 1150));
      this.usedEmails.add(spec.email);
      const demo = spec.email === 'admin@example.com' || spec.email === 'support@example.com';
      const lastLoginAt =
        spec.status === 'Inactive'
          ? this.ago(rng.int(45, 120))
          : demo
            ? add(this.now, -rng.int(2, 30) * HOUR)
            : this.ago(rng.float(0.1, 6));
      this.staff.push({ id, email: spec.email, name: spec.name, role: spec.role, kind: 'staff', status: spec.status, createdAt });
      this.out.staffUsers.push({
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
        passwordHash: this.passwordHash,
        passwordChangedAt: demo ? this.ago(1) : this.ago(rng.int(2, 60)),
        twoFactorEnabled: false,
        twoFactorMode: 'disabled',
        twoFactorMethod: 'authy',
        lastLoginAt,
        createdAt,
        updatedAt: maxDate(createdAt, lastLoginAt),
      });
    });
  }

  private staffByRole(role: string, activeOnly = true): UserCtx[] {
    return this.staff.filter((u) => u.role === role && (!activeOnly || u.status === 'Active'));
  }

  private staffByEmail(email: string): UserCtx {
    const u = this.staff.find((x) => x.email === email);
    if (!u) throw new Error(`no staff ${email}`);
    return u;
  }

  // -------------------------------------------------------------------------------------------
  private customersAndUsers(): void {
    const rng = this.root.fork('customers');
    const ams = this.staffByRole('Account Manager');
    COMPANIES.forEach((spec, i) => {
      const id = this.uuid();
      const code = `CUST-${1001 + i}`;
      const domain = `${spec.slug}.example`;
      const areaCodes = CITY_AREA_CODES[spec.city] ?? ['212'];
      const ac = at(areaCodes, 0);
      const createdAt =
        i === 0
          ? this.ago(1040 + rng.float(0, 1))
          : spec.status === 'pending'
            ? this.ago(rng.float(12, 45))
            : this.ago(rng.float(420, 1090));
      const am = at(ams, i % ams.length);
      const demoContactEmail = i === 0 ? 'customer@example.com' : i === 1 ? 'other@example.com' : null;
      const contactEmail = demoContactEmail ?? this.uniqueEmail(emailLocal(spec.contact[0]), domain);
      if (demoContactEmail) this.usedEmails.add(demoContactEmail);
      const sameBillingPerson = spec.billing[0] === spec.contact[0];
      const billingEmail = sameBillingPerson
        ? contactEmail
        : this.uniqueEmail(rng.chance(0.5) ? 'billing' : emailLocal(spec.billing[0]), domain);
      const contactPhone = this.contactPhone(rng, ac);
      const ba = spec.billingAddress;
      const customer: CustomerCtx = {
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
          email: this.uniqueEmail(rng.pick(['info', 'contact', 'office', 'hello']), domain),
          phone: this.contactPhone(rng, ac),
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
          primaryContactPhone: contactPhone,
          billingContactName: spec.billing[0],
          billingContactTitle: spec.billing[1],
          billingContactEmail: billingEmail,
          billingContactPhone: sameBillingPerson ? contactPhone : this.contactPhone(rng, ac),
          billingSameAsCompany: !ba,
          billingAddress: ba ? ba[0] : spec.address,
          billingCity: ba ? ba[1] : spec.city,
          billingState: ba ? ba[2] : spec.state,
          billingZipCode: ba ? ba[3] : spec.zip,
          billingCountry: 'United States',
          taxId: `${rng.int(10, 98)}-${rng.digits(7)}`,
          revenue: 0,
          createdAt,
          updatedAt: this.between(rng, createdAt, this.now),
        },
      };
      this.customers.push(customer);
      this.out.customers.push(customer.row);

      // users: the primary contact is the company's Admin; then 0-2 more (Acme and Globex: the demo users)
      const deptOf = (title: string) =>
        /financ|controller|account|bookkeep|treasury|billing|revenue/i.test(title)
          ? 'Finance'
          : /IT|engineer|technolog/i.test(title)
            ? 'IT'
            : 'Operations';
      this.addCustomerUser(rng, customer, {
        name: spec.contact[0],
        email: contactEmail,
        role: 'Admin',
        department: deptOf(spec.contact[1]),
        jobTitle: spec.contact[1],
        phone: contactPhone,
        demo: demoContactEmail !== null,
      });
      if (i === 0) {
        this.addCustomerUser(rng, customer, {
          name: 'Emily Davis',
          email: 'user@example.com',
          role: 'User',
          department: 'Marketing',
          jobTitle: 'Marketing Manager',
          phone: this.contactPhone(rng, ac),
          demo: true,
        });
        this.usedEmails.add('user@example.com');
      }
      const extra = spec.status === 'pending' ? 0 : i <= 1 ? rng.int(1, 2) : rng.int(0, 2);
      if (!sameBillingPerson && spec.status !== 'pending') {
        this.addCustomerUser(rng, customer, {
          name: spec.billing[0],
          email: billingEmail.startsWith('billing@') ? this.uniqueEmail(emailLocal(spec.billing[0]), domain) : billingEmail,
          role: rng.chance(0.5) ? 'Admin' : 'User',
          department: 'Finance',
          jobTitle: spec.billing[1],
          phone: customer.row.billingContactPhone ?? this.contactPhone(rng, ac),
        });
      }
      for (let k = 0; k < extra; k++) {
        const name = this.personName(rng);
        const dept = rng.pick(DEPARTMENTS);
        this.addCustomerUser(rng, customer, {
          name,
          email: this.uniqueEmail(emailLocal(name), domain),
          role: rng.chance(0.25) ? 'Admin' : 'User',
          department: dept,
          jobTitle: rng.pick(JOB_TITLES[dept] ?? ['Specialist']),
          phone: this.contactPhone(rng, ac),
          inactive: rng.chance(0.2),
        });
      }
    });
  }

  private addCustomerUser(
    rng: Rng,
    customer: CustomerCtx,
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
    const id = this.uuid();
    const inactive = !u.demo && (u.inactive || customer.spec.status === 'inactive');
    const createdAt =
      customer.users.length === 0 ? add(customer.createdAt, rng.int(1, 48) * HOUR) : this.between(rng, customer.createdAt, this.ago(20));
    const lastLoginAt = u.demo
      ? add(this.now, -rng.int(3, 40) * HOUR)
      : inactive
        ? this.between(rng, createdAt, this.ago(60))
        : rng.chance(0.85)
          ? this.between(rng, maxDate(createdAt, this.ago(30)), this.now)
          : null;
    const timezone = rng.chance(0.85) ? customer.spec.timezone : rng.pick(TIMEZONES);
    const ctx: UserCtx = {
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
    this.out.customerUsers.push({
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
      passwordHash: this.passwordHash,
      passwordChangedAt: u.demo ? this.ago(1) : this.between(rng, maxDate(createdAt, this.ago(80)), this.now),
      twoFactorEnabled: false,
      twoFactorMode: 'disabled',
      twoFactorMethod: 'authy',
      lastLoginAt,
      createdAt,
      updatedAt: lastLoginAt ? maxDate(createdAt, lastLoginAt) : createdAt,
    });
  }

  private customerAdmin(c: CustomerCtx): UserCtx {
    return at(c.users, 0);
  }

  private activeCustomerUser(rng: Rng, c: CustomerCtx): UserCtx {
    const active = c.users.filter((u) => u.status === 'Active');
    return active.length ? rng.pick(active) : at(c.users, 0);
  }

  // -------------------------------------------------------------------------------------------
  private accountsAndServices(): void {
    const rng = this.root.fork('accounts');
    const ams = this.staffByRole('Account Manager');
    const overrides: Record<number, AccountStatus[]> = {
      0: ['active', 'active', 'active', 'active', 'active', 'pending'],
      1: ['active', 'active', 'active', 'inactive'],
    };
    // the other accounts of active customers draw their status from a deck with a fixed mix
    const slots = this.customers
      .filter((c) => c.spec.status === 'active' && !overrides[c.index])
      .reduce((n, c) => n + c.spec.accounts - 1, 0);
    const deck: AccountStatus[] = [];
    for (const [st, share] of [
      ['inactive', 0.06],
      ['suspended', 0.05],
      ['cancelled', 0.05],
      ['pending', 0.05],
    ] as const)
      for (let k = 0; k < Math.round(slots * share); k++) deck.push(st);
    while (deck.length < slots) deck.push('active');
    const statusDeck = rng.shuffle(deck);
    for (const c of this.customers) {
      const names = c.spec.accountNames ?? rng.sample(ACCOUNT_SUFFIXES, c.spec.accounts).map((sfx) => `${c.spec.short} ${sfx}`);
      for (let j = 0; j < c.spec.accounts; j++) {
        const id = this.uuid();
        const code = `ACC-${c.code.slice(5)}-${pad(j + 1, 2)}`;
        const name = at(names, j);
        let status: AccountStatus;
        const override = overrides[c.index]?.[j];
        if (override) status = override;
        else if (c.spec.status === 'pending') status = 'pending';
        else if (c.spec.status === 'suspended') status = j === c.spec.accounts - 1 ? 'inactive' : 'suspended';
        else if (c.spec.status === 'inactive') status = j === 0 ? 'cancelled' : 'inactive';
        else if (j === 0) status = 'active';
        else status = statusDeck.pop() ?? 'active';

        // creation: the first account with the customer, later ones spread (older more likely)
        const custAge = this.now.getTime() - c.createdAt.getTime();
        let createdAt: Date;
        if (j === 0) createdAt = add(c.createdAt, rng.int(2, 72) * HOUR);
        else if (status === 'pending') createdAt = maxDate(add(c.createdAt, HOUR), this.ago(rng.float(3, 40)));
        else createdAt = add(c.createdAt, Math.floor(custAge * 0.7 * rng.next() ** 1.8) + rng.int(1, 72) * HOUR);
        createdAt = minDate(createdAt, this.ago(1));

        let endedAt: Date | null = null;
        if (status === 'suspended') endedAt = maxDate(add(createdAt, 30 * DAY), this.ago(rng.float(12, 50)));
        else if (status === 'inactive' || status === 'cancelled')
          endedAt = maxDate(add(createdAt, 90 * DAY), this.ago(c.spec.status === 'inactive' ? rng.float(40, 80) : rng.float(25, 200)));
        if (endedAt && endedAt.getTime() > this.now.getTime()) endedAt = this.ago(1);

        const lower = name.toLowerCase();
        const profile: AccountCtx['profile'] = /notif|marketing|remind|alert|recruit/.test(lower)
          ? 'sms'
          : /support|contact center|sales|help desk|dispatch|customer service|field/.test(lower)
            ? 'voice'
            : 'mixed';

        const useCustomerBilling = j === 0 ? true : !rng.chance(0.22);
        const billingName = this.personName(rng);
        const channels = rng.weighted<number>(
          c.spec.tier === 'xl' || c.spec.tier === 'l'
            ? [
                [100, 4],
                [120, 3],
                [150, 3],
                [200, 2],
                [250, 2],
                [60, 1],
              ]
            : [
                [30, 3],
                [50, 3],
                [60, 2],
                [75, 2],
                [100, 3],
                [120, 1],
              ],
        );
        const acct: AccountCtx = {
          id,
          code,
          name,
          index: j,
          customer: c,
          status,
          createdAt,
          endedAt,
          billable: status !== 'pending',
          profile,
          services: [],
          numbers: [],
          ratePerMinute: rng.pick([0.01, 0.011, 0.012, 0.0125, 0.0135, 0.015, 0.0175, 0.02]),
          useCustomerBilling,
          maxVoiceChannels: channels,
          row: {
            id,
            accountCode: code,
            customerId: c.id,
            name,
            status,
            accountManagerId: rng.chance(0.9) ? c.am.id : rng.pick(ams).id,
            useCustomerBilling,
            billingContactName: useCustomerBilling ? null : billingName,
            billingContactTitle: useCustomerBilling
              ? null
              : rng.pick(['Accounts Payable', 'Office Manager', 'Finance Manager', 'Department Head']),
            billingContactEmail: useCustomerBilling ? null : this.uniqueEmail(emailLocal(billingName), c.domain),
            billingContactPhone: useCustomerBilling ? null : this.contactPhone(rng, at(c.areaCodes, 0)),
            billingAddress: useCustomerBilling
              ? null
              : `${rng.int(100, 9800)} ${rng.pick(['Commerce Drive', 'Main Street', 'Industrial Way', 'Park Avenue', 'Market Street', 'Oak Boulevard'])}, ${c.spec.city}, ${c.spec.state} ${c.spec.zip}`,
            maxVoiceChannels: channels,
            lastAccessedAt:
              status === 'active' && (c.index === 0 || rng.chance(0.65))
                ? this.between(rng, this.ago(c.index === 0 ? 6 : 30), this.now)
                : null,
            createdAt,
            updatedAt: this.between(rng, createdAt, this.now),
          },
        };

        // services: 1-4 from the catalogue, matching the profile
        const pickService = (name: string) => {
          const spec = SERVICE_CATALOGUE.find((x) => x.name === name);
          if (!spec) throw new Error(name);
          return spec;
        };
        const chosen: ServiceSpec[] = [];
        if (profile === 'voice' || profile === 'mixed') chosen.push(pickService('SIP Trunking'));
        if (profile === 'sms' || profile === 'mixed') chosen.push(pickService('SMS Messaging'));
        // many messaging accounts also take inbound calls on their numbers
        if (profile === 'sms' && rng.chance(0.55)) chosen.push(pickService('Inbound Voice'));
        const optional =
          profile === 'voice'
            ? ['Inbound Voice', 'Call Recording', 'Toll-Free Numbers', 'E911 Service']
            : profile === 'sms'
              ? ['MMS Messaging', '10DLC Campaign Registration', 'Local Numbers']
              : ['Toll-Free Numbers', 'MMS Messaging', 'Local Numbers', 'Inbound Voice'];
        const more = c.spec.tier === 's' ? rng.int(0, 1) : rng.int(profile === 'mixed' ? 0 : 1, 2);
        for (const n of rng.sample(optional, Math.min(more, 4 - chosen.length))) chosen.push(pickService(n));
        for (const spec of chosen) {
          const cost = Math.max(5, Math.round(rng.float(spec.cost[0], spec.cost[1]) * SERVICE_PRICE_SCALE[c.spec.tier]));
          const recent = this.now.getTime() - createdAt.getTime() < 60 * DAY;
          const svcStatus: ServiceCtx['status'] =
            status === 'pending'
              ? 'pending'
              : status === 'inactive' || status === 'cancelled'
                ? 'inactive'
                : j > 0 && (recent ? rng.chance(0.4) : rng.chance(0.03))
                  ? 'pending'
                  : 'active';
          acct.services.push({ spec, cost, status: svcStatus });
          this.out.accountServices.push({
            id: this.uuid(),
            accountId: id,
            name: spec.name,
            serviceType: spec.type,
            status: svcStatus,
            monthlyCost: cost,
            createdAt: add(createdAt, rng.int(0, 48) * HOUR),
          });
        }
        c.accounts.push(acct);
        this.accounts.push(acct);
        this.out.accounts.push(acct.row);
      }
    }
  }

  private hasService(a: AccountCtx, type: 'SMS' | 'Voice'): boolean {
    return a.services.some((x) => x.spec.type === type);
  }

  /** Services billed and producing usage (not pending). */
  private billsFor(a: AccountCtx, type: 'SMS' | 'Voice'): boolean {
    return a.services.some((x) => x.spec.type === type && x.status !== 'pending');
  }

  // -------------------------------------------------------------------------------------------
  private phoneNumbers(): void {
    const rng = this.root.fork('numbers');
    // outside numbers (callers, recipients): a fixed pool so the same people recur
    const remoteCodes = Object.keys(AREA_CODES);
    this.remotePool = Array.from({ length: 1500 }, () => this.newNumber(rng, rng.pick(remoteCodes)));

    const statusWeight: Record<AccountStatus, number> = { active: 1, suspended: 0.6, pending: 0.2, inactive: 0.3, cancelled: 0 };
    const weights = this.accounts.map(
      (a) => TIER_WEIGHT[a.customer.spec.tier] * statusWeight[a.status] * rng.float(0.6, 1.4) * (a.customer.index === 0 ? 1.6 : 1),
    );
    const total = weights.reduce((x, y) => x + y, 0);
    const target = this.vol.assignedNumbers;
    const counts = weights.map((w, i) => {
      const a = at(this.accounts, i);
      const min = a.status === 'active' ? 2 : a.status === 'cancelled' ? 0 : 1;
      return Math.max(min, Math.round((target * w) / total));
    });
    // trim or pad to the exact target (largest accounts first)
    let diff = counts.reduce((x, y) => x + y, 0) - target;
    const order = counts.map((n, i) => [n, i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
    for (let k = 0; diff !== 0 && k < 10_000; k++) {
      const idx = at(order, k % order.length)[1];
      if (diff > 0 && at(counts, idx) > 3) {
        counts[idx] = at(counts, idx) - 1;
        diff--;
      } else if (diff < 0 && at(this.accounts, idx).status === 'active') {
        counts[idx] = at(counts, idx) + 1;
        diff++;
      }
    }

    this.accounts.forEach((a, i) => {
      const n = at(counts, i);
      const tfnShare = a.profile === 'voice' ? 0.3 : a.profile === 'sms' ? 0.1 : 0.2;
      const west = /west/i.test(a.name);
      for (let k = 0; k < n; k++) {
        const tfn = rng.chance(tfnShare);
        const npa = tfn
          ? rng.pick(TOLL_FREE_PREFIXES)
          : west
            ? rng.pick(['310', '213', '415', '206', '619'])
            : rng.chance(0.85)
              ? rng.pick(a.customer.areaCodes)
              : rng.pick(remoteCodes);
        const number = this.newNumber(rng, npa);
        const place = tfn ? undefined : AREA_CODES[npa];
        let features = rng.weighted<string[]>([
          [['Voice', 'SMS'], 70],
          [['Voice'], 12],
          [['SMS'], 8],
          [['Voice', 'SMS', 'Fax'], 6],
          [['Voice', 'Fax'], 4],
        ]);
        // the first two numbers of an account cover its services
        if (k < 2) features = ['Voice', 'SMS'];
        const fee = tfn
          ? 2.5
          : rng.weighted<number>([
              [1, 78],
              [0.5, 4],
              [0.75, 6],
              [1.25, 7],
              [1.5, 5],
            ]);
        let status: NumberStatus;
        if (a.status === 'suspended' || a.status === 'inactive') status = 'Suspended';
        else if (a.status === 'pending') status = 'Pending';
        else if (k < 2) status = 'Active';
        else
          status = rng.weighted<NumberStatus>([
            ['Active', 90],
            ['Pending', 6],
            ['Suspended', 4],
          ]);
        const assignedAt =
          status === 'Pending'
            ? this.between(rng, maxDate(a.createdAt, this.ago(12)), this.now)
            : k < 2
              ? add(a.createdAt, rng.int(1, 72) * HOUR)
              : this.between(rng, a.createdAt, a.endedAt ?? this.now);
        const id = this.uuid();
        const row: Row<typeof s.phoneNumbers> = {
          id,
          number,
          customerId: a.customer.id,
          accountId: a.id,
          type: tfn ? 'TFN' : 'DID',
          features,
          monthlyFee: fee,
          status,
          city: place?.[0] ?? null,
          state: place?.[1] ?? null,
          assignedAt: minDate(assignedAt, this.now),
          createdAt: add(assignedAt, -rng.int(1, 200) * DAY),
          updatedAt: assignedAt,
        };
        a.numbers.push({ id, number, type: tfn ? 'TFN' : 'DID', fee, features, status, assignedAt, row });
        this.out.phoneNumbers.push(row);
      }
    });

    // the provider's inventory for "Add Number"
    const invRng = this.root.fork('inventory');
    const tfnCount = Math.round(this.vol.inventoryNumbers * 0.2);
    for (let k = 0; k < this.vol.inventoryNumbers; k++) {
      const tfn = k < tfnCount;
      const npa = tfn ? at(TOLL_FREE_PREFIXES, k % TOLL_FREE_PREFIXES.length) : at(INVENTORY_AREA_CODES, k % INVENTORY_AREA_CODES.length);
      const place = tfn ? undefined : AREA_CODES[npa];
      const createdAt = this.ago(invRng.float(5, 500));
      this.out.phoneNumbers.push({
        id: this.uuid(),
        number: this.newNumber(invRng, npa),
        customerId: null,
        accountId: null,
        type: tfn ? 'TFN' : 'DID',
        features: invRng.chance(0.85) ? ['Voice', 'SMS'] : invRng.chance(0.5) ? ['Voice'] : ['Voice', 'SMS', 'Fax'],
        monthlyFee: tfn ? 2.5 : 1,
        status: 'Active',
        city: place?.[0] ?? null,
        state: place?.[1] ?? null,
        assignedAt: null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  private porting(): void {
    const rng = this.root.fork('porting');
    const tech = this.staffByRole('Technical');
    const eligible = this.accounts.filter((a) => a.status === 'active' || a.status === 'suspended');
    const acme = eligible.filter((a) => a.customer.index === 0);
    const plans: { account: AccountCtx; status: PortingStatus }[] = [];
    const acmeStatuses: PortingStatus[] = ['Completed', 'Scheduled', 'Pending Docs', 'In Progress', 'Completed'];
    acmeStatuses.forEach((status, k) => {
      plans.push({ account: at(acme, k % acme.length), status });
    });
    const base: PortingStatus[] = ['In Progress', 'Pending Docs', 'Scheduled', 'Rejected'];
    while (plans.length < this.vol.portingRequests) {
      const status =
        plans.length < acmeStatuses.length + base.length
          ? at(base, plans.length - acmeStatuses.length)
          : rng.weighted<PortingStatus>([
              ['Completed', 50],
              ['In Progress', 14],
              ['Pending Docs', 12],
              ['Scheduled', 12],
              ['Rejected', 12],
            ]);
      plans.push({ account: rng.pick(eligible), status });
    }

    const notes: Record<PortingStatus, (carrier: string, when?: Date) => string> = {
      'Pending Docs': () => 'Port request submitted. Waiting for the signed Letter of Authorization and a recent bill copy.',
      'In Progress': (carrier) => `Documents verified. Request submitted to ${carrier}.`,
      Scheduled: (carrier, when) => `FOC received from ${carrier}. Port scheduled for ${when ? ymd(when) : 'the confirmed date'}.`,
      Completed: () => 'Port completed. The number is active on the account.',
      Rejected: (carrier) =>
        `Rejected by ${carrier}: ${rng.pick(['account number does not match', 'PIN/passcode missing or incorrect', 'name on LOA does not match the service address', 'number is part of a hunt group'])}.`,
    };
    const chains: Record<PortingStatus, PortingStatus[]> = {
      'Pending Docs': ['Pending Docs'],
      'In Progress': ['Pending Docs', 'In Progress'],
      Scheduled: ['Pending Docs', 'In Progress', 'Scheduled'],
      Completed: ['Pending Docs', 'In Progress', 'Scheduled', 'Completed'],
      Rejected: ['Pending Docs', 'In Progress', 'Rejected'],
    };
    const ageRange: Record<PortingStatus, readonly [number, number]> = {
      'Pending Docs': [1, 12],
      'In Progress': [3, 16],
      Scheduled: [6, 20],
      Completed: [18, 330],
      Rejected: [8, 200],
    };

    const built = plans.map(({ account, status }) => {
      const requestDate = this.ago(rng.float(ageRange[status][0], ageRange[status][1]));
      const chain = chains[status];
      const submitter = this.activeCustomerUser(rng, account.customer);
      const staffer = rng.pick(tech);
      const times: Date[] = [requestDate];
      for (let k = 1; k < chain.length; k++) times.push(add(at(times, k - 1), rng.float(1, 5) * DAY));
      // squeeze the timeline into [requestDate, now - 1h] when needed
      const last = at(times, times.length - 1);
      const limit = add(this.now, -HOUR);
      if (last.getTime() > limit.getTime()) {
        const span = last.getTime() - requestDate.getTime();
        const room = limit.getTime() - requestDate.getTime();
        for (let k = 1; k < times.length; k++)
          times[k] = new Date(requestDate.getTime() + ((at(times, k).getTime() - requestDate.getTime()) * room) / span);
      }
      let scheduledFor: Date | null = null;
      if (status === 'Scheduled')
        scheduledFor = new Date(Date.UTC(this.now.getUTCFullYear(), this.now.getUTCMonth(), this.now.getUTCDate() + rng.int(2, 10), 14));
      if (status === 'Completed') scheduledFor = at(times, times.length - 1);
      const carrier = rng.pick(CARRIERS);
      // a completed port's number is now one of the account's numbers
      let number: string;
      const dids = account.numbers.filter((n) => n.type === 'DID' && n.status === 'Active');
      if (status === 'Completed' && dids.length) {
        const n = rng.pick(dids);
        number = n.number;
        n.assignedAt = at(times, times.length - 1);
        n.row.assignedAt = n.assignedAt;
        n.row.updatedAt = n.assignedAt;
        n.row.createdAt = minDate(n.row.createdAt ?? n.assignedAt, n.assignedAt);
      } else {
        number = this.newNumber(rng, rng.pick(account.customer.areaCodes));
      }
      return { account, status, requestDate, times, chain, carrier, scheduledFor, submitter, staffer, number };
    });
    built.sort((p, q) => p.requestDate.getTime() - q.requestDate.getTime());

    const perYear = new Map<number, number>();
    for (const p of built) {
      const year = p.requestDate.getUTCFullYear();
      const seq = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, seq);
      const id = this.uuid();
      const code = `PORT-${year}-${pad(seq, 3)}`;
      const lastAt = at(p.times, p.times.length - 1);
      this.out.portingRequests.push({
        id,
        requestCode: code,
        customerId: p.account.customer.id,
        accountId: p.account.id,
        number: p.number,
        currentCarrier: p.carrier,
        status: p.status,
        requestDate: p.requestDate,
        scheduledFor: p.scheduledFor,
        createdAt: p.requestDate,
        updatedAt: lastAt,
      });
      const events: { status: PortingStatus; at: Date; actor: UserCtx }[] = [];
      p.chain.forEach((st, k) => {
        const when = at(p.times, k);
        const actor = k === 0 ? p.submitter : p.staffer;
        events.push({ status: st, at: when, actor });
        this.out.portingEvents.push({
          id: this.uuid(),
          requestId: id,
          status: st,
          note: notes[st](p.carrier, st === 'Scheduled' ? (p.scheduledFor ?? undefined) : undefined),
          actorId: actor.id,
          createdAt: when,
        });
      });
      this.portingCtx.push({ id, code, account: p.account, number: p.number, status: p.status, events });

      // documents: LOA (and usually a bill copy) once past Pending Docs; sometimes an LOA already
      const docsReceived = p.status !== 'Pending Docs';
      const kinds: ('LOA' | 'Bill Copy')[] = docsReceived
        ? rng.chance(0.7)
          ? ['LOA', 'Bill Copy']
          : ['LOA']
        : rng.chance(0.35)
          ? ['LOA']
          : [];
      const docTimeEnd = p.times[1] ?? this.now;
      for (const kind of kinds) {
        const c = p.account.customer;
        const when = this.between(rng, p.requestDate, docTimeEnd);
        const content =
          kind === 'LOA'
            ? tinyPdf([
                'Letter of Authorization',
                `Customer: ${c.spec.name}`,
                `Service address: ${c.spec.address}, ${c.spec.city}, ${c.spec.state} ${c.spec.zip}`,
                `Number to port: ${p.number}`,
                `Current carrier: ${p.carrier}`,
                `Authorized by: ${c.spec.contact[0]}, ${c.spec.contact[1]}`,
                `Date: ${ymd(p.requestDate)}`,
              ])
            : tinyPdf([
                `${p.carrier} - Account Statement`,
                `Account holder: ${c.spec.name}`,
                `Account number: ****${rng.digits(4)}`,
                `Service number: ${p.number}`,
                `Statement date: ${ymd(add(p.requestDate, -rng.int(5, 25) * DAY))}`,
                `Amount due: $${rng.int(80, 900)}.${rng.digits(2)}`,
              ]);
        this.out.portingDocuments.push({
          id: this.uuid(),
          requestId: id,
          kind,
          fileName:
            kind === 'LOA'
              ? `LOA-${p.number.slice(2)}.pdf`
              : `bill-copy-${p.carrier
                  .split(' ')[0]
                  ?.toLowerCase()
                  .replace(/[^a-z]/g, '')}-${ymd(p.requestDate)}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: content.length,
          content,
          uploadedById: p.submitter.id,
          createdAt: when,
        });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  private voice(): void {
    const rng = this.root.fork('voice');
    const v4: string[] = [];
    for (const net of ['192.0.2', '198.51.100', '203.0.113']) for (let h = 1; h <= 254; h++) v4.push(`${net}.${h}`);
    this.ipPool = rng.shuffle(v4);
    let v6 = 0;
    const nextIp = (): string => {
      if (rng.chance(0.05)) {
        v6++;
        return `2001:db8:${(0x100 + v6 * 7).toString(16)}::${rng.int(1, 250).toString(16)}`;
      }
      const ip = this.ipPool.pop();
      if (!ip) throw new Error('IP pool exhausted');
      return ip;
    };

    for (const a of this.accounts) {
      const site = a.customer.spec.site;
      const voiceCapable = this.hasService(a, 'Voice');
      const wantsTrunks =
        (a.status === 'active' || a.status === 'suspended') && voiceCapable && (a.customer.index === 0 || rng.chance(0.92));
      const trunkCount = wantsTrunks
        ? rng.weighted<number>([
            [1, 5],
            [2, 4],
            [3, 1],
          ])
        : 0;
      const accountIps: { ip: string; name: string | null }[] = [];
      const baseName = a.name.replace(`${a.customer.spec.short} `, '');
      for (let t = 0; t < trunkCount; t++) {
        const id = this.uuid();
        const status: TrunkStatus =
          a.status === 'suspended'
            ? 'Suspended'
            : t === 0
              ? 'Active'
              : rng.weighted<TrunkStatus>([
                  ['Active', 80],
                  ['Inactive', 12],
                  ['Suspended', 4],
                  ['Pending', 4],
                ]);
        const createdAt = this.between(rng, a.createdAt, add(a.createdAt, 60 * DAY));
        this.out.trunks.push({
          id,
          customerId: a.customer.id,
          accountId: a.id,
          trunkName: `${baseName} ${['Primary Trunk', 'Backup Trunk', 'Overflow Trunk'][t]}`,
          routeStrategy: rng.weighted<(typeof s.ROUTE_STRATEGIES)[number]>([
            ['Round Robin', 50],
            ['Sequential', 14],
            ['LCR', 13],
            ['Weight Based', 12],
            ['Random', 11],
          ]),
          status,
          createdAt,
          updatedAt: this.between(rng, createdAt, this.now),
        });
        const primaryNames = [`${site}-Primary`, `${site}-SBC-1`, `${site}-SBC-2`, 'AWS-East-1', 'Azure-Central'];
        const failoverNames = [`${site}-Failover`, 'DR-Site', 'AWS-West-2'];
        const primary = rng.int(1, 3);
        const failover = rng.weighted<number>([
          [0, 3],
          [1, 5],
          [2, 2],
        ]);
        for (let k = 0; k < primary; k++) {
          const ip = nextIp();
          const name = rng.chance(0.85) ? at(primaryNames, (k + t) % primaryNames.length) : null;
          accountIps.push({ ip, name });
          this.out.trunkIps.push({ id: this.uuid(), trunkId: id, groupName: 'primary', ip, name, position: k });
        }
        for (let k = 0; k < failover; k++) {
          const ip = nextIp();
          this.out.trunkIps.push({
            id: this.uuid(),
            trunkId: id,
            groupName: 'failover',
            ip,
            name: rng.chance(0.8) ? at(failoverNames, k) : null,
            position: k,
          });
        }
      }

      // 382 Network IP records: origination IPs of the trunks plus termination IPs
      if (trunkCount > 0 || (voiceCapable && a.billable && rng.chance(0.3))) {
        const entries: { ip: string; type: 'Inbound' | 'Outbound'; description: string }[] = [];
        for (const x of accountIps.slice(0, 2))
          entries.push({ ip: x.ip, type: 'Inbound', description: x.name ? `${x.name} signaling` : 'PBX signaling' });
        const outbound = rng.int(1, 2);
        for (let k = 0; k < outbound; k++)
          entries.push({
            ip: nextIp(),
            type: 'Outbound',
            description: rng.pick([
              'Office firewall',
              'Cloud contact center',
              'Media server',
              'Backup PBX',
              'Call center SBC',
              'Remote office',
            ]),
          });
        for (const e of entries) {
          const status: TrunkStatus =
            a.status === 'suspended'
              ? 'Suspended'
              : rng.weighted<TrunkStatus>([
                  ['Active', 78],
                  ['Inactive', 12],
                  ['Pending', 6],
                  ['Suspended', 4],
                ]);
          const createdAt = this.between(rng, a.createdAt, this.now);
          const lastUsedAt =
            status === 'Pending'
              ? null
              : status === 'Inactive'
                ? this.between(rng, createdAt, this.ago(100))
                : rng.chance(0.12)
                  ? this.between(rng, createdAt, this.ago(95)) // unused for 90+ days: a deactivation candidate
                  : this.between(rng, maxDate(createdAt, this.ago(7)), this.now);
          this.out.ipAddresses.push({
            id: this.uuid(),
            customerId: a.customer.id,
            accountId: a.id,
            ipAddress: e.ip,
            type: e.type,
            status,
            description: e.description,
            lastUsedAt,
            lastUpdated: this.between(rng, createdAt, this.now),
            createdAt,
          });
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  /** A time in [a, b] for traffic: recent days a little busier, business hours and weekdays. */
  private trafficTime(rng: Rng, a: Date, b: Date): Date {
    const lo = a.getTime();
    const hi = b.getTime();
    const span = hi - lo;
    for (let attempt = 0; ; attempt++) {
      const t = rng.chance(0.3) ? hi - rng.next() * Math.min(span, 60 * DAY) : lo + rng.next() * span;
      const day = Math.floor(t / DAY) * DAY;
      const weekday = new Date(day).getUTCDay();
      if ((weekday === 0 || weekday === 6) && attempt < 3 && rng.chance(0.6)) continue;
      const ms = day + rng.weighted(HOUR_WEIGHTS) * HOUR + rng.int(0, HOUR - 1);
      if (ms >= lo && ms <= hi) return new Date(ms);
      if (attempt > 6) return new Date(lo + rng.next() * span);
    }
  }

  private allocate(total: number, weights: number[]): number[] {
    const sum = weights.reduce((x, y) => x + y, 0);
    if (sum <= 0) return weights.map(() => 0);
    const raw = weights.map((w) => (total * w) / sum);
    const counts = raw.map(Math.floor);
    let left = total - counts.reduce((x, y) => x + y, 0);
    const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
    for (let k = 0; left > 0; k++, left--) {
      const i = at(order, k % order.length)[1];
      counts[i] = at(counts, i) + 1;
    }
    return counts;
  }

  private traffic(): void {
    const rng = this.root.fork('traffic');
    const yearAgo = this.ago(365);
    const windows = this.accounts.map((a) => {
      const start = maxDate(a.createdAt, yearAgo);
      const end = a.endedAt ?? this.now;
      return a.billable && end.getTime() > start.getTime() ? ([start, end] as const) : null;
    });
    const windowDays = (i: number) => {
      const w = windows[i];
      return w ? (w[1].getTime() - w[0].getTime()) / DAY : 0;
    };
    const acmeBoost = (a: AccountCtx) => (a.customer.index === 0 ? 1.5 : 1);

    // CDRs
    const voiceNumbersOf = (a: AccountCtx) => a.numbers.filter((n) => n.features.includes('Voice'));
    const cdrWeights = this.accounts.map((a, i) => {
      if (!windows[i] || !voiceNumbersOf(a).length) return 0;
      const prof = a.profile === 'voice' ? 1.6 : a.profile === 'mixed' ? 1 : 0.25;
      return TIER_WEIGHT[a.customer.spec.tier] * prof * acmeBoost(a) * (windowDays(i) / 365);
    });
    const cdrCounts = this.allocate(this.vol.cdrs, cdrWeights);
    const cdrs: Row<typeof s.cdrs>[] = [];
    this.accounts.forEach((a, i) => {
      const w = windows[i];
      const n = at(cdrCounts, i);
      if (!w || n === 0) return;
      const nums = voiceNumbersOf(a);
      for (let k = 0; k < n; k++) {
        const startedAt = this.trafficTime(rng, w[0], w[1]);
        const own = rng.pick(nums).number;
        const outbound = rng.chance(0.6);
        const status = rng.weighted<'Completed' | 'Failed' | 'Busy' | 'No Answer'>([
          ['Completed', 86],
          ['No Answer', 7],
          ['Busy', 4],
          ['Failed', 3],
        ]);
        let duration = 0;
        if (status === 'Completed')
          duration = rng.chance(0.03) ? rng.int(900, 3600) : Math.min(3600, Math.max(4, Math.round(rng.exponential(165))));
        const minutes = Math.ceil(duration / 60);
        cdrs.push({
          customerId: a.customer.id,
          accountId: a.id,
          callId: rng.uuid(),
          fromNumber: outbound ? own : this.remote(rng),
          toNumber: outbound ? this.remote(rng) : own,
          startedAt,
          durationSeconds: duration,
          status,
          direction: outbound ? 'Outbound' : 'Inbound',
          cost: Math.round(minutes * a.ratePerMinute * 10_000) / 10_000,
        });
      }
    });
    cdrs.sort((p, q) => (p.startedAt as Date).getTime() - (q.startedAt as Date).getTime());
    this.out.cdrs = cdrs;

    // messages
    const smsNumbersOf = (a: AccountCtx) => a.numbers.filter((n) => n.features.includes('SMS'));
    const msgWeights = this.accounts.map((a, i) => {
      if (!windows[i] || !smsNumbersOf(a).length) return 0;
      const prof = a.profile === 'sms' ? 1.6 : a.profile === 'mixed' ? 1 : 0.25;
      return TIER_WEIGHT[a.customer.spec.tier] * prof * acmeBoost(a) * (windowDays(i) / 365);
    });
    const msgCounts = this.allocate(this.vol.messages, msgWeights);
    const messages: Row<typeof s.messages>[] = [];
    this.accounts.forEach((a, i) => {
      const w = windows[i];
      const n = at(msgCounts, i);
      if (!w || n === 0) return;
      const nums = smsNumbersOf(a);
      const mmsShare = a.services.some((x) => x.spec.name === 'MMS Messaging') ? 0.18 : 0.05;
      for (let k = 0; k < n; k++) {
        const sentAt = this.trafficTime(rng, w[0], w[1]);
        const own = rng.pick(nums).number;
        const outbound = rng.chance(0.8);
        const mms = rng.chance(mmsShare);
        const recent = this.now.getTime() - sentAt.getTime() < 2 * DAY;
        const status = rng.weighted<'Delivered' | 'Failed' | 'Sent'>([
          ['Delivered', 92],
          ['Failed', 5],
          ['Sent', recent ? 20 : 2],
        ]);
        const segments = mms
          ? 1
          : rng.weighted<number>([
              [1, 72],
              [2, 20],
              [3, 8],
            ]);
        const cost = status === 'Failed' ? 0 : mms ? 0.02 : Math.round(segments * 0.0075 * 10_000) / 10_000;
        messages.push({
          customerId: a.customer.id,
          accountId: a.id,
          messageId: `SM${rng.hex(32)}`,
          fromNumber: outbound ? own : this.remote(rng),
          toNumber: outbound ? this.remote(rng) : own,
          type: mms ? 'MMS' : 'SMS',
          direction: outbound ? 'Outbound' : 'Inbound',
          status,
          segments,
          cost,
          sentAt,
        });
      }
    });
    messages.sort((p, q) => (p.sentAt as Date).getTime() - (q.sentAt as Date).getTime());
    this.out.messages = messages;
  }

  // -------------------------------------------------------------------------------------------
  private messaging(): void {
    const rng = this.root.fork('messaging');
    for (const c of this.customers) {
      const smsAccounts = c.accounts.filter((a) => this.hasService(a, 'SMS'));
      if (!smsAccounts.length) continue;
      const brandCount = c.spec.status === 'pending' ? 1 : rng.chance(0.35) || c.index === 0 ? 2 : 1;
      const usedCampaignNames = new Set<string>();
      for (let b = 0; b < brandCount; b++) {
        const id = this.uuid();
        const status = c.spec.status === 'pending' || (b === 1 && rng.chance(0.4) && c.index !== 0) ? 'Pending' : 'Approved';
        const createdAt = this.between(rng, c.createdAt, add(c.createdAt, (b + 1) * 90 * DAY));
        this.out.brands.push({
          id,
          customerId: c.id,
          name: b === 0 ? c.spec.name : `${c.spec.short} ${rng.pick(['Alerts', 'Rewards', 'Care', 'Notifications'])}`,
          description:
            b === 0
              ? `${c.spec.industry} company headquartered in ${c.spec.city}, ${c.spec.state}.`
              : `Secondary brand of ${c.spec.name} for customer programs.`,
          brandCode: this.uniqueCode(rng, 'B', 6),
          status,
          createdAt,
        });
        const campaigns = rng.int(1, status === 'Pending' ? 1 : 3);
        for (let k = 0; k < campaigns; k++) {
          const spec = rng.pick(CAMPAIGNS.filter((x) => !usedCampaignNames.has(x[0])));
          usedCampaignNames.add(spec[0]);
          const cStatus =
            status === 'Pending'
              ? rng.pick(['Pending', 'Under Review'] as const)
              : rng.weighted<(typeof s.CAMPAIGN_STATUSES)[number]>([
                  ['Approved', 66],
                  ['Pending', 9],
                  ['Under Review', 12],
                  ['Rejected', 13],
                ]);
          const sent = cStatus === 'Approved' ? Math.round(rng.int(1_500, 60_000) * TIER_WEIGHT[c.spec.tier]) : 0;
          const delivered = Math.round(sent * rng.float(0.93, 0.99));
          this.out.campaigns.push({
            id: this.uuid(),
            customerId: c.id,
            accountId: rng.pick(smsAccounts).id,
            brandId: id,
            campaignCode: this.uniqueCode(rng, 'C', 6),
            name: spec[0],
            description: spec[2],
            useCase: spec[1],
            status: cStatus,
            sent,
            delivered,
            opened: Math.round(delivered * rng.float(0.15, 0.55)),
            createdAt: this.between(rng, createdAt, add(createdAt, 200 * DAY)),
          });
        }
      }
      const templates = rng.sample(TEMPLATES, rng.int(3, 5));
      for (const [name, type, body] of templates) {
        const createdAt = this.between(rng, c.createdAt, this.now);
        this.out.messageTemplates.push({
          id: this.uuid(),
          customerId: c.id,
          accountId: rng.chance(0.5) ? rng.pick(smsAccounts).id : null,
          name,
          type,
          body: body.replaceAll('{{company}}', c.spec.short),
          status: rng.weighted<(typeof s.TEMPLATE_STATUSES)[number]>([
            ['Active', 60],
            ['Inactive', 15],
            ['Draft', 25],
          ]),
          createdAt,
          lastModified: this.between(rng, createdAt, this.now),
        });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  private apiAccess(): void {
    const rng = this.root.fork('api');
    for (const a of this.accounts) {
      if (a.status !== 'active') continue;
      const n =
        a.customer.index === 0
          ? rng.int(2, 3)
          : rng.weighted<number>([
              [1, 5],
              [2, 4],
              [3, 1],
            ]);
      const names = rng.sample(API_KEY_NAMES, n);
      names.forEach((name, k) => {
        const environment = k === 0 || (!/Staging|Development|QA/.test(name) && rng.chance(0.6)) ? 'Production' : 'Development';
        const key = `${environment === 'Production' ? 'pk_live_' : 'pk_test_'}${rng.string(32, BASE62)}`;
        // the demo customer's newest key is a few days old (a recent "API key created" notification)
        const newest = a.customer.index === 0 && a.index === 0 && k === n - 1;
        const createdAt = newest ? this.ago(rng.float(2, 8)) : this.between(rng, a.createdAt, this.ago(2));
        const revoked = !newest && k > 0 && rng.chance(0.18);
        const revokedAt = revoked ? this.between(rng, add(createdAt, DAY), this.now) : null;
        const id = this.uuid();
        const row: Row<typeof s.apiKeys> = {
          id,
          customerId: a.customer.id,
          accountId: a.id,
          name,
          environment,
          keyPrefix: key.slice(0, 16),
          last4: key.slice(-4),
          keyHash: sha256(key),
          status: revoked ? 'Revoked' : 'Active',
          createdAt,
          lastUsedAt: revoked ? (rng.chance(0.6) ? this.between(rng, createdAt, revokedAt ?? this.now) : null) : null,
          revokedAt,
        };
        this.keyCtx.push({ id, account: a, name, environment, createdAt, status: revoked ? 'Revoked' : 'Active', revokedAt, row });
        this.out.apiKeys.push(row);
      });
    }

    // request log: the last 30 days, for active keys
    const monthAgo = this.ago(30);
    const activeKeys = this.keyCtx.filter((k) => k.status === 'Active');
    const weights = activeKeys.map(
      (k) =>
        (k.environment === 'Production' ? 3 : 1) *
        TIER_WEIGHT[k.account.customer.spec.tier] *
        (k.account.customer.index === 0 ? 2 : 1) *
        (rng.chance(0.25) ? 0 : 1),
    );
    const counts = this.allocate(this.vol.apiRequests, weights);
    const requests: Row<typeof s.apiRequests>[] = [];
    const endpoints = API_ENDPOINTS.map(([m, e, w]) => [[m, e] as const, w] as const);
    activeKeys.forEach((k, i) => {
      const n = at(counts, i);
      let lastUsed: Date | null = null;
      for (let r = 0; r < n; r++) {
        const createdAt = this.trafficTime(rng, maxDate(monthAgo, k.createdAt), this.now);
        const [method, endpoint] = rng.weighted(endpoints);
        const statusCode = rng.weighted<number>([
          [method === 'POST' && endpoint === '/v1/messages' ? 201 : 200, 86],
          [400, 5],
          [404, 4],
          [429, 5],
        ]);
        const responseMs =
          statusCode === 429 ? rng.int(2, 9) : Math.min(2500, Math.round(25 + rng.exponential(method === 'POST' ? 160 : 90)));
        requests.push({
          apiKeyId: k.id,
          customerId: k.account.customer.id,
          accountId: k.account.id,
          method,
          endpoint,
          statusCode,
          responseMs,
          createdAt,
        });
        if (!lastUsed || createdAt.getTime() > lastUsed.getTime()) lastUsed = createdAt;
      }
      // keys not in the log were last used before it (or never)
      k.row.lastUsedAt = lastUsed ?? (rng.chance(0.45) ? this.between(rng, k.createdAt, monthAgo) : null);
    });
    requests.sort((p, q) => (p.createdAt as Date).getTime() - (q.createdAt as Date).getTime());
    this.out.apiRequests = requests;

    // webhooks: about one per three active accounts with messaging
    const wrng = this.root.fork('webhooks');
    for (const a of this.accounts) {
      if (a.status !== 'active' || !this.hasService(a, 'SMS')) continue;
      const n = a.customer.index === 0 && a.index < 2 ? 1 : wrng.chance(0.38) ? 1 : 0;
      for (let k = 0; k < n; k++) {
        const id = this.uuid();
        const status =
          a.customer.index === 0
            ? 'Active'
            : wrng.weighted<'Active' | 'Inactive' | 'Error'>([
                ['Active', 74],
                ['Inactive', 13],
                ['Error', 13],
              ]);
        const events = wrng.weighted<string[]>([
          [['message.delivered', 'message.failed', 'message.received'], 40],
          [['message.delivered', 'message.failed'], 30],
          [['message.received'], 15],
          [['message.delivered'], 15],
        ]);
        const createdAt = this.between(wrng, a.createdAt, this.ago(15));
        const path = wrng.pick(['sms', 'messaging/events', 'webhooks/delivery', 'api/v1/sms-status', 'inbound-sms']);
        this.out.webhooks.push({
          id,
          customerId: a.customer.id,
          accountId: a.id,
          name: wrng.pick(['Delivery Receipts', 'Inbound SMS Handler', 'CRM Sync', 'Message Status Updates', 'Support Desk Integration']),
          url: `https://hooks.${a.customer.spec.slug}.example/${path}`,
          events,
          status,
          secret: `whsec_${wrng.string(32, BASE64ISH)}`,
          consecutiveFailures: status === 'Error' ? wrng.int(5, 12) : 0,
          createdAt,
        });
        const deliveries = wrng.int(2, 6);
        const lastDay = status === 'Inactive' ? this.ago(20) : this.now;
        const times = Array.from({ length: deliveries }, () =>
          this.between(wrng, maxDate(createdAt, add(lastDay, -14 * DAY)), lastDay),
        ).sort((p, q) => p.getTime() - q.getTime());
        times.forEach((when, d) => {
          const event = wrng.pick(events);
          const fail = status === 'Error' ? d >= deliveries - 3 || wrng.chance(0.5) : wrng.chance(0.08);
          const code = fail ? wrng.pick([500, 502, 503, 404, null]) : 200;
          const own = a.numbers[0]?.number ?? '+12125550100';
          const payload = {
            type: event,
            timestamp: when.toISOString(),
            data: {
              message_id: `SM${wrng.hex(32)}`,
              from: event === 'message.received' ? this.remote(wrng) : own,
              to: event === 'message.received' ? own : this.remote(wrng),
              status: event === 'message.delivered' ? 'Delivered' : event === 'message.failed' ? 'Failed' : 'Received',
            },
          };
          this.out.webhookDeliveries.push({
            id: this.uuid(),
            webhookId: id,
            event,
            payload: JSON.stringify(payload),
            attempt: fail ? wrng.int(1, 5) : 1,
            statusCode: code,
            durationMs: code === null ? 10_000 : wrng.int(40, 900),
            error: fail ? (code === null ? 'Timeout after 10000 ms' : `HTTP ${code}`) : null,
            state: fail ? 'failed' : 'succeeded',
            nextAttemptAt: null,
            createdAt: when,
          });
        });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  private billing(): void {
    const rng = this.root.fork('billing');
    const nowYear = this.now.getUTCFullYear();
    const nowMonth = this.now.getUTCMonth() + 1;
    const expiry = (kind: 'future' | 'soon' | 'expired'): [number, number] => {
      const offset = kind === 'future' ? rng.int(3, 40) : kind === 'soon' ? rng.int(0, 1) : -rng.int(1, 14);
      const m0 = nowYear * 12 + (nowMonth - 1) + offset;
      return [(m0 % 12) + 1, Math.floor(m0 / 12)];
    };
    const addMethod = (
      c: CustomerCtx,
      account: AccountCtx | null,
      type: 'credit_card' | 'bank_account',
      isDefault: boolean,
      exp: 'future' | 'soon' | 'expired',
      fixedLast4?: string,
      fixedBrand?: string,
    ): MethodCtx => {
      const id = this.uuid();
      const last4 = fixedLast4 ?? rng.digits(4);
      const createdAt = this.between(rng, account?.createdAt ?? c.createdAt, add(account?.createdAt ?? c.createdAt, 30 * DAY));
      if (type === 'credit_card') {
        const brand =
          fixedBrand ??
          rng.weighted<string>([
            [at(CARD_BRANDS, 0), 45],
            [at(CARD_BRANDS, 1), 30],
            [at(CARD_BRANDS, 2), 17],
            [at(CARD_BRANDS, 3), 8],
          ]);
        const [expMonth, expYear] = expiry(exp);
        this.out.paymentMethods.push({
          id,
          customerId: c.id,
          accountId: account?.id ?? null,
          type,
          holderName: account?.row.billingContactName ?? c.spec.billing[0],
          brand,
          last4,
          expMonth,
          expYear,
          isDefault,
          createdAt,
        });
        return { id, type, label: `${brand} •••• ${last4}` };
      }
      this.out.paymentMethods.push({
        id,
        customerId: c.id,
        accountId: account?.id ?? null,
        type,
        holderName: c.spec.name,
        bankName: rng.pick(BANKS),
        accountType: rng.chance(0.8) ? 'Checking' : 'Savings',
        last4,
        routingLast4: rng.digits(4),
        isDefault,
        createdAt,
      });
      return { id, type, label: `ACH •••• ${last4}` };
    };

    for (const c of this.customers) {
      let methods: MethodCtx[];
      if (c.index === 0) {
        methods = [
          addMethod(c, null, 'credit_card', true, 'future', '4242', 'Visa'),
          addMethod(c, null, 'credit_card', false, 'soon', undefined, 'Amex'),
          addMethod(c, null, 'bank_account', false, 'future', '6789'),
        ];
      } else {
        const n =
          c.spec.status === 'pending'
            ? 1
            : rng.weighted<number>([
                [1, 4],
                [2, 4],
                [3, 2],
              ]);
        methods = [addMethod(c, null, rng.chance(0.7) ? 'credit_card' : 'bank_account', true, rng.chance(0.12) ? 'soon' : 'future')];
        for (let k = 1; k < n; k++)
          methods.push(
            addMethod(
              c,
              null,
              rng.chance(0.65) ? 'credit_card' : 'bank_account',
              false,
              rng.weighted<'future' | 'soon' | 'expired'>([
                ['future', 60],
                ['soon', 15],
                ['expired', 25],
              ]),
            ),
          );
      }
      c.methods = methods;
      c.defaultMethod = at(methods, 0);
      for (const a of c.accounts)
        if (!a.useCustomerBilling && a.billable && rng.chance(0.5)) a.ownMethod = addMethod(c, a, 'credit_card', false, 'future');
    }

    // invoices: one per billable account per month for the last 12 months (issued on the 1st)
    type Plan = { account: AccountCtx; back: number; issue: Date; periodStart: Date; periodEnd: Date; paid: boolean; budget: number };
    const plans: Plan[] = [];
    const today = ymd(this.now);
    for (const c of this.customers) {
      const cPlans: Plan[] = [];
      for (const a of c.accounts) {
        if (!a.billable) continue;
        for (let back = 11; back >= 0; back--) {
          const issue = monthStart(this.now, back);
          const periodStart = monthStart(this.now, back + 1);
          const periodEnd = new Date(issue.getTime() - DAY);
          if (a.createdAt.getTime() >= issue.getTime()) continue;
          if (a.endedAt && periodStart.getTime() >= a.endedAt.getTime()) continue;
          let paid: boolean;
          if (a.status === 'inactive' || a.status === 'cancelled') paid = true;
          else if (a.status === 'suspended') paid = back > 2;
          else if (back === 0) paid = this.now.getTime() - issue.getTime() > 10 * DAY && rng.chance(0.3);
          else if (back === 1) paid = !rng.chance(0.1);
          else if (back === 2) paid = !rng.chance(0.03);
          else paid = true;
          // the demo customer always shows a Due and an Overdue invoice
          if (c.index === 0 && a.index === 0 && back === 0) paid = false;
          if (c.index === 0 && a.index === 1 && back <= 2) paid = false;
          if (c.index === 0 && a.index === 2 && back === 1) paid = true;
          cPlans.push({ account: a, back, issue, periodStart, periodEnd, paid, budget: rng.float(0.85, 1.15) * (1 + (11 - back) * 0.015) });
        }
      }
      // scale so the paid invoices add up to the customer's target revenue (its revenue band)
      const [lo, hi] = TIER_REVENUE[c.spec.tier];
      const target = rng.float(lo, hi);
      const paidWeight = cPlans.reduce((sum, p) => sum + (p.paid ? p.budget : 0), 0);
      for (const p of cPlans) p.budget = paidWeight > 0 ? (p.budget * target) / paidWeight : p.budget * 100;
      plans.push(...cPlans);
    }
    plans.sort((p, q) => p.issue.getTime() - q.issue.getTime() || p.account.code.localeCompare(q.account.code));

    // numbering continues the year's earlier (unseeded) invoices: the first month in the window
    // starts after as many numbers as earlier months of its year would have used
    const perYear = new Map<number, number>();
    const first = plans[0];
    if (first && first.issue.getUTCMonth() > 0) {
      const firstMonth = plans.filter((p) => p.issue.getTime() === first.issue.getTime()).length;
      perYear.set(first.issue.getUTCFullYear(), first.issue.getUTCMonth() * firstMonth);
    }
    const prefix = DEFAULT_SETTINGS.invoicePrefix;
    const terms = DEFAULT_SETTINGS.defaultPaymentTerms;
    for (const p of plans) {
      const a = p.account;
      const year = p.issue.getUTCFullYear();
      const seq = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, seq);
      const id = this.uuid();
      const due = add(p.issue, terms * DAY);
      const lines: { description: string; quantity: number; unitPrice: number; amountCents: number }[] = [];
      for (const svc of a.services) {
        if (svc.status === 'pending') continue;
        lines.push({ description: `${svc.spec.name} - monthly service`, quantity: 1, unitPrice: svc.cost, amountCents: cents(svc.cost) });
      }
      const held = a.numbers.filter((n) => n.assignedAt.getTime() < p.issue.getTime());
      const groups = new Map<string, { type: 'DID' | 'TFN'; fee: number; count: number }>();
      for (const n of held) {
        const key = `${n.type}:${n.fee}`;
        const g = groups.get(key) ?? { type: n.type, fee: n.fee, count: 0 };
        g.count++;
        groups.set(key, g);
      }
      for (const g of [...groups.values()].sort((x, y) => x.type.localeCompare(y.type) || x.fee - y.fee))
        lines.push({
          description: g.type === 'TFN' ? 'Toll-free number rental' : 'Local number rental',
          quantity: g.count,
          unitPrice: g.fee,
          amountCents: cents(g.count * g.fee),
        });
      const fixed = lines.reduce((sum, l) => sum + l.amountCents, 0);
      const usageCents = Math.max(cents(p.budget) - fixed, 0);
      const voice = this.billsFor(a, 'Voice');
      const sms = this.billsFor(a, 'SMS');
      const voiceShare = voice && sms ? rng.float(0.45, 0.65) : voice ? 1 : 0;
      const usageLine = (description: string, budgetCents: number, unit: number) => {
        const quantity = Math.round(budgetCents / 100 / unit);
        if (quantity <= 0) return;
        lines.push({ description, quantity, unitPrice: unit, amountCents: Math.round(quantity * unit * 100) });
      };
      if (usageCents > 0 && (voice || sms)) {
        const voiceCents = Math.round(usageCents * voiceShare);
        if (voice) {
          usageLine('Outbound voice minutes', Math.round(voiceCents * 0.8), a.ratePerMinute);
          usageLine('Inbound voice minutes', voiceCents - Math.round(voiceCents * 0.8), 0.0085);
        }
        if (sms) {
          const smsCents = usageCents - voiceCents;
          const mms = a.services.some((x) => x.spec.name === 'MMS Messaging');
          usageLine('SMS messages (segments)', mms ? Math.round(smsCents * 0.85) : smsCents, 0.0075);
          if (mms) usageLine('MMS messages', smsCents - Math.round(smsCents * 0.85), 0.02);
        }
      }
      if (lines.length === 0) lines.push({ description: 'Account maintenance fee', quantity: 1, unitPrice: 10, amountCents: 1000 });
      const amount = fromCents(lines.reduce((sum, l) => sum + l.amountCents, 0));

      const dueDate = ymd(due);
      const status: InvoiceStatus = p.paid ? 'Paid' : dueDate < today ? 'Overdue' : 'Due';
      const createdAt = minDate(add(p.issue, 6 * HOUR), this.now);
      let paidAt: Date | null = null;
      if (p.paid) {
        const latest = minDate(add(p.issue, (terms - 2) * DAY), add(this.now, -HOUR));
        paidAt = this.between(rng, minDate(add(p.issue, 2 * DAY), latest), latest);
      }
      const number = `${prefix}-${year}-${pad(seq, 4)}`;
      const row: Row<typeof s.invoices> = {
        id,
        invoiceNumber: number,
        customerId: a.customer.id,
        accountId: a.id,
        issueDate: ymd(p.issue),
        dueDate,
        periodStart: ymd(p.periodStart),
        periodEnd: ymd(p.periodEnd),
        amount,
        status,
        paidAt,
        lastReminderAt: status === 'Overdue' ? minDate(add(due, rng.int(1, 7) * DAY), add(this.now, -2 * HOUR)) : null,
        createdAt,
      };
      this.out.invoices.push(row);
      lines.forEach((l, position) => {
        this.out.invoiceLines.push({
          id: this.uuid(),
          invoiceId: id,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          amount: fromCents(l.amountCents),
          position,
        });
      });
      this.invoiceCtx.push({ id, number, account: a, issue: p.issue, due, amount, status, paidAt, row });
    }

    // payments: one Successful per Paid invoice; Failed attempts on some overdue ones; a few Pending
    const methodOf = (a: AccountCtx) => a.ownMethod ?? a.customer.defaultMethod;
    const ref = (m: MethodCtx) => (m.type === 'credit_card' ? `ch_${rng.string(24, BASE62)}` : `py_${rng.string(24, BASE62)}`);
    const payments: Row<typeof s.payments>[] = [];
    let pendingLeft = 4;
    for (const inv of this.invoiceCtx) {
      const m = methodOf(inv.account);
      if (!m) continue;
      const base = {
        customerId: inv.account.customer.id,
        accountId: inv.account.id,
        invoiceId: inv.id,
        paymentMethodId: m.id,
        amount: inv.amount,
        method: m.label,
      };
      if (inv.status === 'Paid' && inv.paidAt) {
        if (rng.chance(0.01)) {
          payments.push({
            ...base,
            status: 'Failed',
            gatewayReference: ref(m),
            failureReason: 'Card declined: insufficient funds',
            paidAt: add(inv.paidAt, -rng.int(1, 3) * DAY),
          });
        }
        payments.push({ ...base, status: 'Successful', gatewayReference: ref(m), failureReason: null, paidAt: inv.paidAt });
      } else if (inv.status === 'Overdue' && (rng.chance(0.6) || (inv.account.customer.index === 0 && inv.account.index === 1))) {
        payments.push({
          ...base,
          status: 'Failed',
          gatewayReference: ref(m),
          failureReason:
            m.type === 'credit_card'
              ? rng.pick(['Card declined: insufficient funds', 'Card declined: do not honor'])
              : 'ACH return R01: insufficient funds',
          paidAt: minDate(add(inv.due, -rng.int(0, 2) * DAY + 9 * HOUR), add(this.now, -3 * HOUR)),
        });
      } else if (inv.status === 'Due' && pendingLeft > 0 && inv.account.customer.index !== 0 && rng.chance(0.15)) {
        pendingLeft--;
        payments.push({
          ...base,
          status: 'Pending',
          gatewayReference: ref(m),
          failureReason: null,
          paidAt: this.between(rng, maxDate(inv.issue, this.ago(3)), this.now),
        });
      }
    }
    payments.sort((p, q) => (p.paidAt as Date).getTime() - (q.paidAt as Date).getTime());
    for (const p of payments) p.id = this.uuid();
    this.out.payments = payments;
  }

  // -------------------------------------------------------------------------------------------
  private compliance(): void {
    const rng = this.root.fork('compliance');
    const eligible = this.customers.filter((c) => c.spec.status !== 'pending');
    const weights = eligible.map((c) => (c.index === 0 ? 6 : TIER_WEIGHT[c.spec.tier]));
    const counts = this.allocate(this.vol.dncEntries, weights);
    eligible.forEach((c, i) => {
      const seen = new Set<string>();
      for (let k = 0; k < at(counts, i); k++) {
        const listType = rng.chance(0.7) ? 'DNC' : 'DNO';
        let number =
          listType === 'DNO' && rng.chance(0.3)
            ? `+1${rng.pick(TOLL_FREE_PREFIXES)}${this.exchange(rng)}${rng.digits(4)}`
            : this.remote(rng);
        while (seen.has(`${listType}:${number}`)) number = this.remote(rng);
        seen.add(`${listType}:${number}`);
        const staffAdded = rng.chance(0.3);
        this.out.dncEntries.push({
          id: this.uuid(),
          customerId: c.id,
          number,
          listType,
          reason: listType === 'DNC' ? rng.pick(DNC_REASONS) : rng.pick(DNO_REASONS),
          addedById: staffAdded ? rng.pick(this.staffByRole('Technical')).id : this.activeCustomerUser(rng, c).id,
          addedAt: this.between(rng, c.createdAt, this.now),
        });
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  private support(): void {
    const rng = this.root.fork('support');
    const supportStaff = this.staffByRole('Support');
    const techStaff = this.staffByRole('Technical');
    const inactiveSupport = this.staff.filter((u) => u.status === 'Inactive');
    const acme = at(this.customers, 0);
    const others = this.customers.filter((c) => c.index !== 0);
    const weights = others.map((c) => [c, c.spec.status === 'pending' ? 0.6 : TIER_WEIGHT[c.spec.tier]] as const);

    const acmeStatuses: TicketStatus[] = ['open', 'open', 'in-progress', 'pending', 'resolved', 'resolved', 'closed'];
    const plans: { customer: CustomerCtx; status: TicketStatus; age: number }[] = acmeStatuses.map((status, k) => ({
      customer: acme,
      status,
      age:
        status === 'open'
          ? rng.float(0.05, 3)
          : status === 'in-progress'
            ? rng.float(1, 8)
            : status === 'pending'
              ? rng.float(4, 20)
              : rng.float(10 + k, 88),
    }));
    const forced: TicketStatus[] = ['open', 'in-progress', 'pending', 'resolved', 'closed'];
    while (plans.length < this.vol.tickets) {
      const age = rng.float(0.05, 89);
      const status: TicketStatus =
        plans.length < acmeStatuses.length + forced.length
          ? at(forced, plans.length - acmeStatuses.length)
          : age < 3
            ? rng.weighted<TicketStatus>([
                ['open', 6],
                ['in-progress', 3],
                ['pending', 1],
              ])
            : age < 14
              ? rng.weighted<TicketStatus>([
                  ['open', 2],
                  ['in-progress', 4],
                  ['pending', 3],
                  ['resolved', 3],
                  ['closed', 1],
                ])
              : rng.weighted<TicketStatus>([
                  ['in-progress', 1],
                  ['pending', 1],
                  ['resolved', 4],
                  ['closed', 6],
                ]);
      plans.push({ customer: rng.weighted(weights), status, age });
    }

    const usedSubjects = new Map<string, Set<string>>();
    const built = plans.map((p) => {
      const used = usedSubjects.get(p.customer.id) ?? new Set<string>();
      usedSubjects.set(p.customer.id, used);
      const spec = rng.pick(TICKET_SUBJECTS.filter((t) => !used.has(t.subject)));
      used.add(spec.subject);
      const createdAt = maxDate(this.ago(p.age), add(p.customer.createdAt, HOUR));
      return { ...p, spec, createdAt };
    });
    built.sort((p, q) => p.createdAt.getTime() - q.createdAt.getTime());

    const perYear = new Map<number, number>();
    for (const t of built) {
      const year = t.createdAt.getUTCFullYear();
      const seq = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, seq);
      const id = this.uuid();
      const code = `TKT-${year}-${pad(seq, 3)}`;
      const c = t.customer;
      const author = this.activeCustomerUser(rng, c);
      const pool = t.spec.technical ? techStaff : supportStaff;
      const closedOld = (t.status === 'closed' || t.status === 'resolved') && t.age > 45;
      const assignee =
        t.status === 'open' && rng.chance(0.35)
          ? undefined
          : closedOld && inactiveSupport.length && rng.chance(0.25)
            ? rng.pick(inactiveSupport)
            : rng.pick(pool);
      const priority = rng.weighted<(typeof s.TICKET_PRIORITIES)[number]>([
        ['Low', 22],
        ['Medium', 40],
        ['High', 26],
        ['Critical', 12],
      ]);

      // comments: staff reply, maybe an internal note, customer follow-up, staff closing note
      const wanted = t.status === 'open' ? rng.int(1, 2) : t.status === 'resolved' || t.status === 'closed' ? rng.int(2, 4) : rng.int(1, 4);
      const staffAuthor = assignee ?? rng.pick(pool);
      const script: { author: UserCtx; body: string; internal: boolean }[] = [];
      if (t.status === 'open' && !assignee) script.push({ author, body: rng.pick(TICKET_FOLLOWUPS.slice(2)), internal: false });
      else script.push({ author: staffAuthor, body: t.spec.reply, internal: false });
      if (rng.chance(0.4)) script.push({ author: staffAuthor, body: rng.pick(INTERNAL_NOTES), internal: true });
      script.push({ author, body: rng.pick(TICKET_FOLLOWUPS), internal: false });
      script.push({
        author: staffAuthor,
        body:
          t.status === 'resolved' || t.status === 'closed'
            ? 'Glad to hear it. Marking this ticket as resolved.'
            : 'Thanks for the update, we are still working on it.',
        internal: false,
      });
      const comments = script.slice(0, wanted);
      let when = t.createdAt;
      const end = this.now;
      const stepMax = Math.max(10 * MIN, (end.getTime() - t.createdAt.getTime()) / (comments.length + 1));
      for (const cm of comments) {
        when = new Date(Math.min(when.getTime() + rng.float(0.2, 1) * stepMax, end.getTime() - MIN));
        this.out.ticketComments.push({
          id: this.uuid(),
          ticketId: id,
          authorId: cm.author.id,
          body: cm.body,
          internal: cm.internal,
          createdAt: when,
        });
      }
      const updatedAt = maxDate(when, t.createdAt);
      const account = c.accounts.length && rng.chance(0.7) ? rng.pick(c.accounts) : undefined;
      this.out.tickets.push({
        id,
        ticketCode: code,
        customerId: c.id,
        accountId: account?.id ?? null,
        subject: t.spec.subject,
        description: t.spec.description,
        category: t.spec.category,
        status: t.status,
        priority,
        assignedToId: assignee?.id ?? null,
        createdById: author.id,
        createdAt: t.createdAt,
        updatedAt,
      });
      this.ticketCtx.push({
        id,
        code,
        customer: c,
        subject: t.spec.subject,
        status: t.status,
        priority,
        createdAt: t.createdAt,
        updatedAt,
        assignee,
      });
    }

    // knowledge base
    KNOWLEDGE_ARTICLES.forEach(([title, category, body]) => {
      const createdAt = this.ago(rng.float(120, 700));
      this.out.knowledgeArticles.push({
        id: this.uuid(),
        title,
        category,
        body,
        published: true,
        createdAt,
        lastUpdated: this.between(rng, createdAt, this.ago(2)),
      });
    });

    // service status
    const entry = (
      serviceName: string,
      status: (typeof s.SERVICE_STATUSES)[number],
      title: string,
      description: string,
      startedAt: Date,
      resolvedAt: Date | null,
    ) =>
      this.out.serviceStatus.push({
        id: this.uuid(),
        serviceName,
        status,
        title,
        description,
        startedAt,
        resolvedAt,
        updatedAt: minDate(resolvedAt ?? startedAt, this.now),
      });
    const maintenance = new Date(Date.UTC(this.now.getUTCFullYear(), this.now.getUTCMonth(), this.now.getUTCDate() + 6, 6));
    entry(
      'SMS',
      'Degraded Performance',
      'Delayed MMS delivery to some carriers',
      'MMS messages to some carriers are delivered with delays of up to 10 minutes. SMS is not affected.',
      add(this.now, -95 * MIN),
      null,
    );
    entry('Voice', 'Operational', 'Voice services operating normally', 'All voice systems are operating normally.', this.ago(12), null);
    entry(
      'Numbers',
      'Operational',
      'Number ordering and porting operating normally',
      'Number search, ordering and porting are operating normally.',
      this.ago(30),
      null,
    );
    entry(
      'Portal',
      'Operational',
      'Portal operating normally',
      'The customer and admin portals are operating normally.',
      this.ago(30),
      null,
    );
    entry(
      'API',
      'Resolved',
      'Elevated API latency',
      'Requests to /v1/messages saw elevated latency (p95 over 2 s). A database failover restored normal response times.',
      add(this.ago(3), -2 * HOUR),
      add(this.ago(3), -20 * MIN),
    );
    entry(
      'Voice',
      'Resolved',
      'Intermittent call setup failures (West region)',
      'Some outbound calls through the West region failed with SIP 503. Traffic was rerouted and the faulty SBC replaced.',
      this.ago(12.3),
      this.ago(12.1),
    );
    entry(
      'Voice',
      'Scheduled',
      'Scheduled maintenance: SIP core upgrade',
      `Planned maintenance on ${ymd(maintenance)} from 06:00 to 08:00 UTC. Calls may be briefly interrupted during failover.`,
      maintenance,
      null,
    );
  }

  // -------------------------------------------------------------------------------------------
  private customerNotes(): void {
    const rng = this.root.fork('notes');
    for (const c of this.customers) {
      const n = c.spec.status === 'pending' ? 1 : rng.int(2, 4);
      const bodies = rng.sample(CUSTOMER_NOTE_BODIES, n);
      const authors = [
        c.am,
        c.am,
        this.staffByEmail('admin@example.com'),
        ...this.staffByRole('Billing'),
        ...this.staffByRole('Technical'),
      ];
      for (const body of bodies)
        this.out.customerNotes.push({
          id: this.uuid(),
          customerId: c.id,
          authorId: rng.pick(authors).id,
          body,
          createdAt: this.between(rng, c.createdAt, this.now),
        });
    }
  }

  // -------------------------------------------------------------------------------------------
  private notifications(): void {
    const rng = this.root.fork('notifications');
    const note = (user: UserCtx, type: string, title: string, message: string, link: string | null, createdAt: Date, unread: boolean) =>
      this.out.notifications.push({
        id: this.uuid(),
        userId: user.id,
        type,
        title,
        message,
        link,
        readAt: unread ? null : minDate(add(createdAt, rng.int(5, 600) * MIN), this.now),
        createdAt,
      });
    const minsAgo = (m: number) => add(this.now, -m * MIN);
    const acme = at(this.customers, 0);
    const pending = this.customers.find((c) => c.spec.status === 'pending') ?? acme;
    const suspended = this.customers.find((c) => c.spec.status === 'suspended') ?? acme;
    const overdue = this.invoiceCtx.filter((i) => i.status === 'Overdue');
    const recentTickets = [...this.ticketCtx].sort((p, q) => q.createdAt.getTime() - p.createdAt.getTime());
    const openTickets = recentTickets.filter((t) => t.status === 'open' || t.status === 'in-progress');
    const critical = openTickets.find((t) => t.priority === 'Critical' || t.priority === 'High') ?? at(recentTickets, 0);
    const degraded = this.out.serviceStatus.find((x) => x.status === 'Degraded Performance');
    const scheduled = this.out.serviceStatus.find((x) => x.status === 'Scheduled');

    const soon = (d: Date, minMinutes = 1, maxMinutes = 20) => minDate(add(d, rng.int(minMinutes, maxMinutes) * MIN), add(this.now, -MIN));
    const suspendedAt = suspended.accounts.reduce<Date>(
      (m, a) => (a.endedAt && a.endedAt.getTime() > m.getTime() ? a.endedAt : m),
      this.ago(14),
    );
    /** At least two unread per demo user: the newest ones. */
    const ensureUnread = (userId: string, n: number) => {
      const mine = this.out.notifications
        .filter((x) => x.userId === userId)
        .sort((p, q) => (q.createdAt as Date).getTime() - (p.createdAt as Date).getTime());
      let unread = mine.filter((x) => x.readAt === null).length;
      for (const x of mine) {
        if (unread >= n) break;
        if (x.readAt !== null) {
          x.readAt = null;
          unread++;
        }
      }
    };

    // staff demo users
    for (const email of ['admin@example.com', 'support@example.com']) {
      const u = this.staffByEmail(email);
      const t0 = at(openTickets, 0);
      const t1 = openTickets.find((t) => t.assignee && t.id !== critical.id) ?? t0;
      note(
        u,
        'alert',
        'Service degradation',
        degraded ? `${degraded.title}. Investigating with carrier partners.` : 'Elevated error rates detected.',
        '/admin/support',
        minsAgo(rng.int(5, 50)),
        true,
      );
      note(
        u,
        'ticket',
        'New high-priority ticket',
        `${critical.customer.spec.name} opened ${critical.code} "${critical.subject}" (${critical.priority}).`,
        '/admin/support',
        soon(critical.createdAt),
        true,
      );
      note(
        u,
        'ticket',
        'Ticket updated',
        `${t0.customer.spec.name} updated ${t0.code} "${t0.subject}".`,
        '/admin/support',
        soon(t0.updatedAt),
        email === 'support@example.com',
      );
      if (t1.assignee)
        note(
          u,
          'ticket',
          'Ticket assigned',
          `${t1.code} "${t1.subject}" was assigned to ${t1.assignee.name}.`,
          '/admin/support',
          soon(t1.createdAt, 10, 90),
          false,
        );
      note(
        u,
        'customer',
        'New customer pending activation',
        `${pending.spec.name} (${pending.code}) signed up and is pending activation.`,
        `/admin/customers/${pending.id}`,
        soon(pending.createdAt, 5, 60),
        email === 'admin@example.com',
      );
      note(
        u,
        'alert',
        'Overdue invoices',
        `${overdue.length} invoices are overdue across ${new Set(overdue.map((i) => i.account.customer.id)).size} customers.`,
        '/admin/billing/invoices',
        this.ago(rng.float(1, 2)),
        false,
      );
      note(
        u,
        'system',
        'Scheduled maintenance',
        scheduled ? `${scheduled.title} on ${ymd(scheduled.startedAt as Date)}.` : 'Maintenance scheduled.',
        '/admin/support',
        this.ago(rng.float(3, 4)),
        false,
      );
      note(
        u,
        'customer',
        'Customer suspended',
        `${suspended.spec.name} (${suspended.code}) was suspended for non-payment.`,
        `/admin/customers/${suspended.id}`,
        soon(suspendedAt),
        false,
      );
      if (email === 'admin@example.com')
        note(
          u,
          'system',
          'Security settings updated',
          'The password policy and session timeout settings were updated.',
          '/admin/settings',
          soon(this.settingsChangedAt),
          false,
        );
      ensureUnread(u.id, 2);
    }

    // customer demo users
    const demoCustomerUsers = this.customers
      .slice(0, 2)
      .flatMap((c) => c.users.filter((u) => ['customer@example.com', 'user@example.com', 'other@example.com'].includes(u.email)));
    for (const u of demoCustomerUsers) {
      const c = u.customer ?? acme;
      const invs = this.invoiceCtx.filter((i) => i.account.customer.id === c.id).sort((p, q) => q.issue.getTime() - p.issue.getTime());
      const latest = invs[0];
      const od = invs.find((i) => i.status === 'Overdue');
      const paid = invs
        .filter((i) => i.status === 'Paid' && i.paidAt)
        .sort((p, q) => (q.paidAt as Date).getTime() - (p.paidAt as Date).getTime())[0];
      const key = this.keyCtx
        .filter((k) => k.account.customer.id === c.id)
        .sort((p, q) => q.createdAt.getTime() - p.createdAt.getTime())[0];
      const port = this.portingCtx
        .filter((p) => p.account.customer.id === c.id)
        .sort((p, q) => at(q.events, q.events.length - 1).at.getTime() - at(p.events, p.events.length - 1).at.getTime())[0];
      const ticket = this.ticketCtx.filter((t) => t.customer.id === c.id).sort((p, q) => q.updatedAt.getTime() - p.updatedAt.getTime())[0];
      note(
        u,
        'Service',
        'Service degradation',
        degraded ? `${degraded.title}. Our team is working on it.` : 'Some services are degraded.',
        '/customer/support',
        minsAgo(rng.int(5, 50)),
        true,
      );
      if (latest)
        note(
          u,
          'Billing',
          'Invoice generated',
          `Invoice ${latest.number} for $${latest.amount.toFixed(2)} is available.`,
          '/customer/billing',
          soon(latest.row.createdAt as Date),
          true,
        );
      if (od)
        note(
          u,
          'Billing',
          'Invoice overdue',
          `Invoice ${od.number} for $${od.amount.toFixed(2)} is overdue. Please pay it to avoid service interruption.`,
          '/customer/billing',
          soon(od.row.lastReminderAt ?? add(od.due, DAY)),
          u.email !== 'other@example.com',
        );
      if (paid)
        note(
          u,
          'Billing',
          'Payment received',
          `Payment of $${paid.amount.toFixed(2)} for invoice ${paid.number} was received. Thank you!`,
          '/customer/billing',
          soon(paid.paidAt as Date),
          false,
        );
      note(
        u,
        'Usage',
        'Usage threshold reached',
        `SMS usage on ${c.accounts[0]?.name ?? 'your account'} reached 75% of the monthly threshold.`,
        '/customer/reports',
        this.ago(rng.float(2, 3)),
        false,
      );
      if (key && key.createdAt.getTime() > this.ago(30).getTime())
        note(
          u,
          'Security',
          'API key created',
          `A new API key "${key.name}" was created for ${key.account.name}.`,
          '/customer/api',
          soon(key.createdAt),
          false,
        );
      if (port) {
        const last = at(port.events, port.events.length - 1);
        note(
          u,
          'Service',
          'Porting request updated',
          `Porting request ${port.code} for ${port.number} is now ${port.status}.`,
          '/customer/numbers',
          soon(last.at),
          false,
        );
      }
      if (ticket)
        note(
          u,
          'Service',
          'Ticket updated',
          `${ticket.code} "${ticket.subject}" was updated.`,
          '/customer/support',
          soon(ticket.updatedAt),
          false,
        );
      note(
        u,
        'Security',
        'New sign-in',
        'A new sign-in to your account from Chrome on Windows was detected.',
        '/customer/settings',
        this.ago(rng.float(5, 8)),
        false,
      );
      ensureUnread(u.id, 2);
    }

    // everyone else: a few
    const demoEmails = new Set([
      'admin@example.com',
      'support@example.com',
      'customer@example.com',
      'user@example.com',
      'other@example.com',
    ]);
    const staffMessages: readonly (readonly [string, string, string, string])[] = [
      ['ticket', 'Ticket assigned', 'A support ticket was assigned to you.', '/admin/support'],
      ['customer', 'Customer updated', 'A customer you manage updated their billing contact.', '/admin/customers'],
      ['alert', 'Overdue invoices', 'Some of your customers have overdue invoices.', '/admin/billing'],
      ['system', 'Scheduled maintenance', 'Voice platform maintenance is scheduled for next week.', '/admin/support'],
    ];
    const customerMessages: readonly (readonly [string, string, string, string])[] = [
      ['Billing', 'Invoice generated', 'Your monthly invoice is available.', '/customer/billing'],
      ['Service', 'Scheduled maintenance', 'Voice platform maintenance is scheduled for next week.', '/customer/support'],
      ['Usage', 'Usage threshold reached', 'Voice usage reached 90% of the monthly threshold.', '/customer/reports'],
      ['Security', 'Password changed', 'Your password was changed. If this was not you, contact support.', '/customer/settings'],
    ];
    const everyone: UserCtx[] = [...this.staff, ...this.customers.flatMap((c) => c.users)];
    for (const u of everyone) {
      if (demoEmails.has(u.email)) continue;
      const list = u.kind === 'staff' ? staffMessages : customerMessages;
      for (const [type, title, message, link] of rng.sample(list, rng.int(2, 4))) {
        const created = this.between(rng, maxDate(u.createdAt, this.ago(10)), this.now);
        note(u, type, title, message, link, created, rng.chance(0.4));
      }
    }
    for (const u of everyone)
      this.out.notificationSettings.push({
        userId: u.id,
        flags: { ...DEFAULT_NOTIFICATION_FLAGS },
        preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
        updatedAt: u.createdAt,
      });
  }

  // -------------------------------------------------------------------------------------------
  private audit(): void {
    const rng = this.root.fork('audit');
    const since = this.ago(60);
    const entries: Row<typeof s.auditLog>[] = [];
    const push = (
      actor: UserCtx | null,
      customer: CustomerCtx | null,
      action: string,
      entityType: string,
      entityId: string | null,
      summary: string,
      createdAt: Date,
      before: unknown = null,
      after: unknown = null,
      impersonator?: UserCtx,
    ) => {
      if (createdAt.getTime() < since.getTime() || createdAt.getTime() > this.now.getTime()) return;
      entries.push({
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? 'system',
        impersonatorId: impersonator?.id ?? null,
        customerId: customer?.id ?? null,
        action,
        entityType,
        entityId,
        summary,
        before,
        after,
        ip: actor ? `203.0.113.${rng.int(2, 254)}` : null,
        userAgent: actor ? rng.pick(USER_AGENTS) : null,
        requestId: `req_${rng.hex(16)}`,
        createdAt,
      });
    };
    const recent = () => this.between(rng, since, this.now);
    const admin = this.staffByEmail('admin@example.com');
    const activeStaff = this.staff.filter((u) => u.status === 'Active');
    const activeCustomerUsers = this.customers.flatMap((c) => c.users.filter((u) => u.status === 'Active'));
    const acme = at(this.customers, 0);

    // sign-ins
    for (let k = 0; k < 30; k++) {
      const u = rng.chance(0.45) ? rng.pick(activeStaff) : rng.chance(0.4) ? rng.pick(acme.users) : rng.pick(activeCustomerUsers);
      push(u, u.customer ?? null, 'auth.sign_in', 'user', u.id, `${u.name} signed in`, recent());
    }
    // customer updates by account managers
    for (let k = 0; k < 8; k++) {
      const c = rng.pick(this.customers);
      const field = rng.pick(['phone', 'billingContactEmail', 'premium', 'website'] as const);
      const row = c.row;
      const afterVal =
        field === 'premium' ? row.premium : field === 'phone' ? row.phone : field === 'website' ? row.website : row.billingContactEmail;
      const beforeVal =
        field === 'premium'
          ? !row.premium
          : field === 'phone'
            ? `(${at(c.areaCodes, 0)}) 555-01${rng.digits(2)}`
            : field === 'website'
              ? `http://${c.domain}`
              : `ap@${c.domain}`;
      push(
        rng.chance(0.7) ? c.am : admin,
        c,
        'customer.update',
        'customer',
        c.id,
        `Updated ${field} of ${c.spec.name}`,
        recent(),
        { [field]: beforeVal },
        { [field]: afterVal },
      );
    }
    for (const c of this.customers.filter((x) => x.spec.status === 'suspended')) {
      const when = c.accounts.reduce<Date>((m, a) => (a.endedAt && a.endedAt.getTime() > m.getTime() ? a.endedAt : m), this.ago(14));
      push(
        c.am,
        c,
        'customer.update',
        'customer',
        c.id,
        `Suspended ${c.spec.name} for non-payment`,
        add(when, 5 * MIN),
        { status: 'active' },
        { status: 'suspended' },
      );
    }
    for (const c of this.customers.filter((x) => x.spec.status === 'pending'))
      push(c.am, c, 'customer.create', 'customer', c.id, `Created customer ${c.spec.name} (${c.code})`, c.createdAt, null, {
        name: c.spec.name,
        customerCode: c.code,
        status: 'pending',
      });
    // accounts
    for (const a of this.accounts) {
      if (a.createdAt.getTime() >= since.getTime())
        push(a.customer.am, a.customer, 'account.create', 'account', a.id, `Created account ${a.name} (${a.code})`, a.createdAt, null, {
          name: a.name,
          accountCode: a.code,
          status: a.status,
        });
    }
    for (let k = 0; k < 6; k++) {
      const a = rng.pick(this.accounts.filter((x) => x.status === 'active'));
      const before = rng.pick([30, 50, 60, 100, 120].filter((v) => v !== a.maxVoiceChannels));
      push(
        rng.chance(0.5) ? a.customer.am : this.customerAdmin(a.customer),
        a.customer,
        'account.update',
        'account',
        a.id,
        `Changed max voice channels of ${a.name} from ${before} to ${a.maxVoiceChannels}`,
        recent(),
        { maxVoiceChannels: before },
        { maxVoiceChannels: a.maxVoiceChannels },
      );
    }
    // numbers
    const assigned = this.accounts.flatMap((a) =>
      a.numbers.filter((n) => n.assignedAt.getTime() >= since.getTime()).map((n) => [a, n] as const),
    );
    for (const [a, n] of rng.sample(assigned, 10))
      push(a.customer.am, a.customer, 'number.assign', 'phone_number', n.id, `Assigned ${n.number} to ${a.name}`, n.assignedAt, null, {
        accountCode: a.code,
        status: n.status,
      });
    for (let k = 0; k < 6; k++) {
      const c = rng.pick(this.customers.filter((x) => x.accounts.filter((a) => a.numbers.length).length >= 2));
      const withNumbers = c.accounts.filter((a) => a.numbers.length);
      const to = rng.pick(withNumbers);
      const from = rng.pick(withNumbers.filter((a) => a.id !== to.id));
      const n = rng.pick(to.numbers);
      push(
        rng.chance(0.5) ? rng.pick(this.staffByRole('Technical')) : this.customerAdmin(c),
        c,
        'number.move',
        'phone_number',
        n.id,
        `Moved ${n.number} from ${from.name} to ${to.name}`,
        recent(),
        { accountCode: from.code },
        { accountCode: to.code },
      );
    }
    // api keys
    for (const k of this.keyCtx) {
      const c = k.account.customer;
      push(
        this.customerAdmin(c),
        c,
        'api_key.create',
        'api_key',
        k.id,
        `Created API key "${k.name}" (${k.environment}) for ${k.account.name}`,
        k.createdAt,
        null,
        { name: k.name, environment: k.environment, keyPrefix: k.row.keyPrefix },
      );
      if (k.revokedAt)
        push(
          this.customerAdmin(c),
          c,
          'api_key.revoke',
          'api_key',
          k.id,
          `Revoked API key "${k.name}" of ${k.account.name}`,
          k.revokedAt,
          { status: 'Active' },
          { status: 'Revoked' },
        );
    }
    // payments and invoices
    const recentPayments = this.out.payments.filter((p) => p.status === 'Successful' && (p.paidAt as Date).getTime() >= since.getTime());
    for (const p of rng.sample(recentPayments, 8)) {
      const c = this.customers.find((x) => x.id === p.customerId);
      if (!c) continue;
      const inv = this.invoiceCtx.find((i) => i.id === p.invoiceId);
      push(
        this.customerAdmin(c),
        c,
        'payment.create',
        'payment',
        p.id ?? null,
        `Paid invoice ${inv?.number ?? ''} ($${Number(p.amount).toFixed(2)}) with ${p.method}`,
        p.paidAt as Date,
        null,
        { amount: p.amount, status: 'Successful' },
      );
    }
    for (let back = 0; back <= 1; back++) {
      const issue = monthStart(this.now, back);
      const count = this.invoiceCtx.filter((i) => i.issue.getTime() === issue.getTime()).length;
      push(
        null,
        null,
        'invoice.generate',
        'invoice',
        null,
        `Generated ${count} invoices for ${issue.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
        add(issue, 6 * HOUR),
      );
    }
    // tickets
    for (const t of this.ticketCtx.filter((x) => x.status !== 'open').slice(-10)) {
      const actor = t.assignee?.status === 'Active' ? t.assignee : rng.pick(this.staffByRole('Support'));
      push(
        actor,
        t.customer,
        'ticket.update',
        'ticket',
        t.id,
        `Changed status of ${t.code} to ${t.status}`,
        t.updatedAt,
        { status: 'open' },
        { status: t.status },
      );
    }
    // porting
    for (const p of this.portingCtx)
      for (const e of p.events.slice(1))
        if (rng.chance(0.6))
          push(
            e.actor,
            p.account.customer,
            'porting.update',
            'porting_request',
            p.id,
            `Porting request ${p.code} moved to ${e.status}`,
            e.at,
            null,
            { status: e.status },
          );
    // users, settings, impersonation
    for (const u of this.customers.flatMap((c) => c.users).filter((x) => x.status === 'Inactive'))
      push(
        u.customer ? this.customerAdmin(u.customer) : admin,
        u.customer ?? null,
        'user.deactivate',
        'user',
        u.id,
        `Deactivated user ${u.email}`,
        recent(),
        { status: 'Active' },
        { status: 'Inactive' },
      );
    const inactiveStaff = this.staff.filter((x) => x.status === 'Inactive');
    for (const u of inactiveStaff)
      push(
        admin,
        null,
        'user.deactivate',
        'user',
        u.id,
        `Deactivated staff user ${u.email}`,
        this.ago(rng.float(20, 40)),
        { status: 'Active' },
        { status: 'Inactive' },
      );
    push(
      admin,
      null,
      'settings.update',
      'system_settings',
      'system',
      'Updated security settings',
      this.settingsChangedAt,
      { sessionTimeout: 60, failedLoginAttempts: 10 },
      { sessionTimeout: DEFAULT_SETTINGS.sessionTimeout, failedLoginAttempts: DEFAULT_SETTINGS.failedLoginAttempts },
    );
    for (let k = 0; k < 3; k++) {
      const c = rng.pick(this.customers.filter((x) => x.spec.status === 'active'));
      const when = recent();
      push(c.am, c, 'auth.impersonate', 'customer', c.id, `${c.am.name} started viewing as ${c.spec.name}`, when);
      push(
        c.am,
        c,
        'auth.impersonate_end',
        'customer',
        c.id,
        `${c.am.name} stopped viewing as ${c.spec.name}`,
        minDate(add(when, rng.int(3, 25) * MIN), this.now),
      );
    }

    entries.sort((p, q) => (p.createdAt as Date).getTime() - (q.createdAt as Date).getTime());
    // keep about 100-130 entries, always keeping the non-sign-in history
    this.out.auditLog = entries.length > 130 ? entries.filter((e, i) => e.action !== 'auth.sign_in' || i % 2 === 0).slice(-130) : entries;
  }

  // -------------------------------------------------------------------------------------------
  private misc(): void {
    const rng = this.root.fork('misc');
    const admin = this.staffByEmail('admin@example.com');
    const favourites = this.customers.filter((c) => c.spec.status === 'active').slice(0, 5);
    favourites.forEach((c, k) => {
      this.out.recentCustomers.push({ userId: admin.id, customerId: c.id, accessedAt: add(this.now, -(k * 7 + rng.int(1, 6)) * HOUR) });
    });
    for (const am of this.staffByRole('Account Manager')) {
      const mine = this.customers.filter((c) => c.am.id === am.id).slice(0, 3);
      mine.forEach((c, k) => {
        this.out.recentCustomers.push({ userId: am.id, customerId: c.id, accessedAt: add(this.now, -(k * 11 + rng.int(1, 10)) * HOUR) });
      });
    }

    const acme = at(this.customers, 0);
    const od = this.invoiceCtx.find((i) => i.account.customer.index === 0 && i.status === 'Overdue');
    const invitee = this.customers.flatMap((c) => c.users).find((u) => u.customer?.index === 2) ?? at(acme.users, 0);
    this.out.emailOutbox.push(
      {
        id: this.uuid(),
        toAddress: invitee.email,
        subject: `You're invited to the ${DEFAULT_SETTINGS.companyName} customer portal`,
        body: `Hello ${invitee.name},\n\nYou have been invited to the ${DEFAULT_SETTINGS.companyName} customer portal. Open the link below to set your password.\n\n(link expired)\n`,
        state: 'kept',
        createdAt: add(invitee.createdAt, -MIN),
      },
      {
        id: this.uuid(),
        toAddress: acme.row.billingContactEmail ?? 'customer@example.com',
        subject: od ? `Payment reminder: invoice ${od.number} is overdue` : 'Payment reminder',
        body: od
          ? `Hello ${acme.spec.billing[0]},\n\nInvoice ${od.number} for $${od.amount.toFixed(2)} was due on ${ymd(od.due)}. Please pay it in the Billing section of the portal.\n`
          : 'Hello,\n\nThis is a payment reminder.\n',
        state: 'kept',
        createdAt: od?.row.lastReminderAt ?? this.ago(2),
      },
    );
  }
}
