/**
 * The seed context every domain seeder receives (`seedX(sc)`): the reference clock (`now`, every
 * date is relative to it), the random generators, the volumes, the shared password hash, the
 * rows built so far (`rows`, inserted by index.ts) and what each domain created that later ones
 * need (`staff`, `customers`, `accounts`, ...). Deterministic: the same options give the same rows.
 *
 * The id stream is shared by every domain, so the seeders must run in the order index.ts gives.
 */
import type { TAccountStatus } from '@portal/contract/accounts';
import type { TInvoiceStatus } from '@portal/contract/billing';
import type { TNumberStatus, TPortingStatus } from '@portal/contract/numbers';
import type { TTicketStatus } from '@portal/contract/support';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RatePrefix } from '../../domains/billing/rating.ts';
import type * as s from '../schema/index.ts';
import type { ServiceSpec } from './data/catalogue.ts';
import type { CompanySpec } from './data/companies.ts';
import { DAY, exchange, minDate } from './helpers.ts';
import { Rng, UPPER_ALNUM } from './random.ts';

export type Row<T extends PgTable> = T['$inferInsert'];

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

/**
 * A message's delivery event, naming its message by the public id (message_events refers to the
 * message's generated row id, known only once the messages are in: index.ts joins them).
 */
export interface SeedMessageEvent {
  messageId: string;
  status: 'Sent' | 'Delivered' | 'Failed';
  detail: string;
  at: Date;
}

/** Every row of the demo data set, by table. */
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
  messageEvents: SeedMessageEvent[];
  brands: Row<typeof s.brands>[];
  campaigns: Row<typeof s.campaigns>[];
  campaignEvents: Row<typeof s.campaignEvents>[];
  optOuts: Row<typeof s.optOuts>[];
  messageTemplates: Row<typeof s.messageTemplates>[];
  apiKeys: Row<typeof s.apiKeys>[];
  webhooks: Row<typeof s.webhooks>[];
  webhookDeliveries: Row<typeof s.webhookDeliveries>[];
  apiRequests: Row<typeof s.apiRequests>[];
  platformTokens: Row<typeof s.platformTokens>[];
  paymentMethods: Row<typeof s.paymentMethods>[];
  rateDecks: Row<typeof s.rateDecks>[];
  ratePrefixes: Row<typeof s.ratePrefixes>[];
  invoiceCounters: Row<typeof s.invoiceCounters>[];
  invoices: Row<typeof s.invoices>[];
  invoiceLines: Row<typeof s.invoiceLines>[];
  payments: Row<typeof s.payments>[];
  dncEntries: Row<typeof s.dncEntries>[];
  tickets: Row<typeof s.tickets>[];
  ticketComments: Row<typeof s.ticketComments>[];
  knowledgeArticles: Row<typeof s.knowledgeArticles>[];
  serviceStatus: Row<typeof s.serviceStatus>[];
  serviceStatusUpdates: Row<typeof s.serviceStatusUpdates>[];
  notifications: Row<typeof s.notifications>[];
  notificationSettings: Row<typeof s.notificationSettings>[];
  auditLog: Row<typeof s.auditLog>[];
  recentCustomers: Row<typeof s.recentCustomers>[];
  emailOutbox: Row<typeof s.emailOutbox>[];
}

// ---------------------------------------------------------------------------------------------
// what a domain created that later domains need

export interface SeedUser {
  id: string;
  email: string;
  name: string;
  role: string;
  kind: 'staff' | 'customer';
  status: 'Active' | 'Inactive';
  customer?: SeedCustomer;
  createdAt: Date;
}

export interface SeedPaymentMethod {
  id: string;
  label: string;
  type: 'credit_card' | 'bank_account';
}

export interface SeedNumber {
  id: string;
  number: string;
  type: 'DID' | 'TFN';
  fee: number;
  features: string[];
  status: TNumberStatus;
  assignedAt: Date;
  row: Row<typeof s.phoneNumbers>;
}

export interface SeedService {
  spec: ServiceSpec;
  cost: number;
  status: 'active' | 'pending' | 'inactive';
}

export interface SeedAccount {
  id: string;
  code: string;
  name: string;
  index: number;
  customer: SeedCustomer;
  status: TAccountStatus;
  createdAt: Date;
  /** When traffic stopped (suspension or cancellation); null = still active. */
  endedAt: Date | null;
  /** Whether the account produces traffic and invoices at all. */
  billable: boolean;
  profile: 'voice' | 'sms' | 'mixed';
  services: SeedService[];
  numbers: SeedNumber[];
  ratePerMinute: number;
  useCustomerBilling: boolean;
  ownMethod?: SeedPaymentMethod;
  maxVoiceChannels: number;
  row: Row<typeof s.accounts>;
}

export interface SeedCustomer {
  id: string;
  code: string;
  index: number;
  spec: CompanySpec;
  createdAt: Date;
  am: SeedUser;
  users: SeedUser[];
  accounts: SeedAccount[];
  methods: SeedPaymentMethod[];
  defaultMethod?: SeedPaymentMethod;
  domain: string;
  areaCodes: readonly string[];
  row: Row<typeof s.customers>;
}

export interface SeedInvoice {
  id: string;
  number: string;
  account: SeedAccount;
  issue: Date;
  due: Date;
  amount: number;
  status: TInvoiceStatus;
  paidAt: Date | null;
  row: Row<typeof s.invoices>;
}

export interface SeedTicket {
  id: string;
  code: string;
  customer: SeedCustomer;
  subject: string;
  status: TTicketStatus;
  priority: string;
  createdAt: Date;
  updatedAt: Date;
  assignee?: SeedUser;
}

export interface SeedApiKey {
  id: string;
  account: SeedAccount;
  name: string;
  environment: string;
  createdAt: Date;
  status: 'Active' | 'Revoked';
  revokedAt: Date | null;
  row: Row<typeof s.apiKeys>;
}

export interface SeedPortingRequest {
  id: string;
  code: string;
  account: SeedAccount;
  number: string;
  status: TPortingStatus;
  events: { status: TPortingStatus; at: Date; actor: SeedUser }[];
}

function emptyRows(): SeedData {
  return {
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
    messageEvents: [],
    brands: [],
    campaigns: [],
    campaignEvents: [],
    optOuts: [],
    messageTemplates: [],
    apiKeys: [],
    webhooks: [],
    webhookDeliveries: [],
    apiRequests: [],
    platformTokens: [],
    paymentMethods: [],
    rateDecks: [],
    ratePrefixes: [],
    invoiceCounters: [],
    invoices: [],
    invoiceLines: [],
    payments: [],
    dncEntries: [],
    tickets: [],
    ticketComments: [],
    knowledgeArticles: [],
    serviceStatus: [],
    serviceStatusUpdates: [],
    notifications: [],
    notificationSettings: [],
    auditLog: [],
    recentCustomers: [],
    emailOutbox: [],
  };
}

export class SeedContext {
  /** The reference date: every date of the data set is relative to it. */
  readonly now: Date;
  /** The root generator; each domain forks its own stream from it by label. */
  readonly rng: Rng;
  /** The one id stream, shared by every domain (so the seeders' order matters). */
  private readonly idRng: Rng;
  readonly volumes: SeedVolumes;
  /** One hash of the demo password, shared by every seeded user. */
  readonly passwordHash: string;
  /** When the admin last changed the system settings (settings row, audit entry, notification). */
  readonly settingsChangedAt: Date;
  /** The rows built so far, by table. */
  readonly rows: SeedData = emptyRows();

  readonly staff: SeedUser[] = [];
  readonly customers: SeedCustomer[] = [];
  readonly accounts: SeedAccount[] = [];
  readonly invoices: SeedInvoice[] = [];
  /** The rate decks by owner (customer id; '' = the default), for rating the calls. */
  readonly decks = new Map<
    string,
    { prefixes: RatePrefix[]; inbound: { ratePerMinute: number; firstIncrement: number; nextIncrement: number } }
  >();
  readonly tickets: SeedTicket[] = [];
  readonly apiKeys: SeedApiKey[] = [];
  readonly portingRequests: SeedPortingRequest[] = [];
  /** Outside numbers (callers, recipients): a fixed pool so the same people recur. Filled with the numbers. */
  remotePool: string[] = [];

  private readonly usedNumbers = new Set<string>();
  private readonly usedEmails = new Set<string>();
  private readonly usedCodes = new Set<string>();

  constructor(opts: BuildOptions) {
    this.now = new Date(opts.now.getTime());
    this.rng = new Rng(opts.seed ?? 382_382);
    this.idRng = this.rng.fork('ids');
    this.volumes = opts.volumes ?? DEFAULT_VOLUMES;
    this.passwordHash = opts.passwordHash;
    this.settingsChangedAt = new Date(this.now.getTime() - 22.5 * DAY);
  }

  /** The next id of the shared stream. */
  uuid(): string {
    return this.idRng.uuid();
  }

  /** `days` days before now. */
  ago(days: number): Date {
    return new Date(this.now.getTime() - days * DAY);
  }

  /** A date between a and b, never after now. */
  between(rng: Rng, a: Date, b: Date): Date {
    return rng.dateBetween(minDate(a, this.now), minDate(b, this.now));
  }

  /** Marks an email as taken (the fixed demo addresses). */
  reserveEmail(email: string): void {
    this.usedEmails.add(email);
  }

  /** `local@domain`, or `local2@domain`, ... when taken. */
  uniqueEmail(local: string, domain: string): string {
    let email = `${local}@${domain}`;
    for (let n = 2; this.usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    this.usedEmails.add(email);
    return email;
  }

  uniqueCode(rng: Rng, prefix: string, length: number): string {
    for (;;) {
      const code = prefix + rng.string(length, UPPER_ALNUM);
      if (!this.usedCodes.has(code)) {
        this.usedCodes.add(code);
        return code;
      }
    }
  }

  /** A fresh, unique E.164 number in the area code or toll-free prefix. */
  newNumber(rng: Rng, npa: string): string {
    for (;;) {
      const n = `+1${npa}${exchange(rng)}${rng.digits(4)}`;
      if (!this.usedNumbers.has(n)) {
        this.usedNumbers.add(n);
        return n;
      }
    }
  }

  /** A plausible outside US number (a caller or recipient); not reserved. */
  remote(rng: Rng): string {
    return rng.pick(this.remotePool);
  }
}
