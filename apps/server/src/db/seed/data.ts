/**
 * Static catalogues for the demo seed: companies, people, area codes, subjects, articles. All
 * names and addresses are fictional; contact phones use the 555-01xx range reserved for fiction,
 * domains use the reserved .example top-level domain.
 */

export type Tier = 'xl' | 'l' | 'm' | 's';
export type CustomerStatus = 'active' | 'pending' | 'suspended' | 'inactive';

/** Lifetime revenue targets per tier (USD); each lands inside one of the spec's revenue bands. */
export const TIER_REVENUE: Record<Tier, readonly [number, number]> = {
  xl: [118_000, 175_000], // 100,000 and over
  l: [58_000, 90_000], // 50,000 up to 100,000
  m: [14_000, 42_000], // 10,000 up to 50,000
  s: [2_500, 8_000], // under 10,000
};

export interface CompanySpec {
  name: string;
  /** Short name used to build account names and domains. */
  short: string;
  slug: string;
  industry: string;
  founded: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** Three-letter site code used in trunk and IP names. */
  site: string;
  timezone: string;
  tier: Tier;
  status: CustomerStatus;
  accounts: number;
  premium: boolean;
  contact: readonly [name: string, title: string];
  billing: readonly [name: string, title: string];
  /** Billing address differs from the company address. */
  billingAddress?: readonly [address: string, city: string, state: string, zip: string];
  accountNames?: readonly string[];
}

/** CUST-1001..CUST-1020 in order. The first is the demo customer, the second the "other" one. */
export const COMPANIES: readonly CompanySpec[] = [
  {
    name: 'Acme Communications Inc.',
    short: 'Acme',
    slug: 'acme',
    industry: 'Telecommunications',
    founded: '2008',
    address: '350 Fifth Avenue, Suite 4200',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    site: 'NYC',
    timezone: 'America/New_York',
    tier: 'xl',
    status: 'active',
    accounts: 6,
    premium: true,
    contact: ['John Carter', 'IT Director'],
    billing: ['Linda Park', 'Controller'],
    accountNames: ['Acme Main Office', 'Acme Customer Support', 'Acme Marketing', 'Acme West Coast', 'Acme Notifications', 'Acme Sales'],
  },
  {
    name: 'Globex Logistics LLC',
    short: 'Globex',
    slug: 'globex',
    industry: 'Transportation & Logistics',
    founded: '2001',
    address: '233 S Wacker Drive, Floor 38',
    city: 'Chicago',
    state: 'IL',
    zip: '60606',
    site: 'CHI',
    timezone: 'America/Chicago',
    tier: 'l',
    status: 'active',
    accounts: 4,
    premium: false,
    contact: ['Michael Brooks', 'VP of Operations'],
    billing: ['Angela Foster', 'Accounts Payable Manager'],
    accountNames: ['Globex Dispatch', 'Globex Driver Alerts', 'Globex Customer Service', 'Globex Warehouse Ops'],
  },
  {
    name: 'Initech Software Corp.',
    short: 'Initech',
    slug: 'initech',
    industry: 'Software',
    founded: '2012',
    address: '500 W 2nd Street, Suite 1900',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    site: 'AUS',
    timezone: 'America/Chicago',
    tier: 'm',
    status: 'active',
    accounts: 5,
    premium: false,
    contact: ['Samir Nasser', 'Engineering Manager'],
    billing: ['Joanna Lambert', 'Finance Director'],
  },
  {
    name: 'Summit Health Partners',
    short: 'Summit Health',
    slug: 'summithealth',
    industry: 'Healthcare',
    founded: '1997',
    address: '1700 Lincoln Street, Suite 2500',
    city: 'Denver',
    state: 'CO',
    zip: '80203',
    site: 'DEN',
    timezone: 'America/Denver',
    tier: 'xl',
    status: 'active',
    accounts: 6,
    premium: true,
    contact: ['Rebecca Howard', 'Director of Patient Experience'],
    billing: ['Gregory Lane', 'Chief Financial Officer'],
    billingAddress: ['PO Box 17320', 'Denver', 'CO', '80217'],
  },
  {
    name: 'Bayside Realty Group',
    short: 'Bayside',
    slug: 'baysiderealty',
    industry: 'Real Estate',
    founded: '2005',
    address: '101 Mission Street, Suite 800',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    site: 'SFO',
    timezone: 'America/Los_Angeles',
    tier: 'm',
    status: 'active',
    accounts: 3,
    premium: false,
    contact: ['Karen Whitfield', 'Managing Broker'],
    billing: ['Tony Alvarado', 'Office Manager'],
  },
  {
    name: 'Northwind Retail Co.',
    short: 'Northwind',
    slug: 'northwind',
    industry: 'Retail',
    founded: '1994',
    address: '1201 Third Avenue, Suite 3400',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    site: 'SEA',
    timezone: 'America/Los_Angeles',
    tier: 'l',
    status: 'active',
    accounts: 6,
    premium: true,
    contact: ['Nancy Davolio', 'Director of Digital Commerce'],
    billing: ['Andrew Fuller', 'VP Finance'],
  },
  {
    name: 'Pinnacle Financial Services',
    short: 'Pinnacle',
    slug: 'pinnaclefs',
    industry: 'Financial Services',
    founded: '1989',
    address: '100 Federal Street, 22nd Floor',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    site: 'BOS',
    timezone: 'America/New_York',
    tier: 'xl',
    status: 'active',
    accounts: 6,
    premium: true,
    contact: ['Victoria Hale', 'Head of Client Communications'],
    billing: ['Raymond Ortiz', 'Treasury Manager'],
    billingAddress: ['1 Lincoln Street, Treasury Dept.', 'Boston', 'MA', '02111'],
  },
  {
    name: 'Lone Star Auto Group',
    short: 'Lone Star Auto',
    slug: 'lonestarauto',
    industry: 'Automotive',
    founded: '2003',
    address: '2800 Post Oak Boulevard',
    city: 'Houston',
    state: 'TX',
    zip: '77056',
    site: 'HOU',
    timezone: 'America/Chicago',
    tier: 'm',
    status: 'active',
    accounts: 4,
    premium: false,
    contact: ['Travis McCoy', 'General Manager'],
    billing: ['Maria Gonzales', 'Office Administrator'],
  },
  {
    name: 'Sunshine Dental Care',
    short: 'Sunshine Dental',
    slug: 'sunshinedental',
    industry: 'Healthcare',
    founded: '2015',
    address: '1111 Brickell Avenue, Suite 1550',
    city: 'Miami',
    state: 'FL',
    zip: '33131',
    site: 'MIA',
    timezone: 'America/New_York',
    tier: 's',
    status: 'active',
    accounts: 3,
    premium: false,
    contact: ['Dr. Carla Mendes', 'Practice Owner'],
    billing: ['Luis Ramirez', 'Practice Manager'],
  },
  {
    name: 'Peachtree Insurance Agency',
    short: 'Peachtree',
    slug: 'peachtreeins',
    industry: 'Insurance',
    founded: '1999',
    address: '191 Peachtree Street NE, Suite 3300',
    city: 'Atlanta',
    state: 'GA',
    zip: '30303',
    site: 'ATL',
    timezone: 'America/New_York',
    tier: 'm',
    status: 'suspended',
    accounts: 3,
    premium: false,
    contact: ['Walter Green', 'Agency Principal'],
    billing: ['Denise Carter', 'Bookkeeper'],
  },
  {
    name: 'Desert Sun Hospitality',
    short: 'Desert Sun',
    slug: 'desertsun',
    industry: 'Hospitality',
    founded: '2006',
    address: '3960 Howard Hughes Parkway, Suite 500',
    city: 'Las Vegas',
    state: 'NV',
    zip: '89169',
    site: 'LAS',
    timezone: 'America/Los_Angeles',
    tier: 'l',
    status: 'active',
    accounts: 4,
    premium: false,
    contact: ['Jessica Moreno', 'Director of Guest Services'],
    billing: ['Paul Whitman', 'Finance Manager'],
  },
  {
    name: 'Brightline Marketing Solutions',
    short: 'Brightline',
    slug: 'brightline',
    industry: 'Marketing & Advertising',
    founded: '2011',
    address: '800 W 6th Street, Suite 1200',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90017',
    site: 'LAX',
    timezone: 'America/Los_Angeles',
    tier: 'l',
    status: 'active',
    accounts: 6,
    premium: false,
    contact: ['Derek Simmons', 'Chief Technology Officer'],
    billing: ['Olivia Bennett', 'Billing Specialist'],
  },
  {
    name: 'Keystone Manufacturing Inc.',
    short: 'Keystone',
    slug: 'keystonemfg',
    industry: 'Manufacturing',
    founded: '1978',
    address: '1650 Market Street, Suite 3600',
    city: 'Philadelphia',
    state: 'PA',
    zip: '19103',
    site: 'PHL',
    timezone: 'America/New_York',
    tier: 'm',
    status: 'active',
    accounts: 5,
    premium: false,
    contact: ['Frank Kowalski', 'IT Manager'],
    billing: ['Susan Marsh', 'Accounting Supervisor'],
    billingAddress: ['200 Industrial Parkway', 'Allentown', 'PA', '18106'],
  },
  {
    name: 'Evergreen Property Management',
    short: 'Evergreen',
    slug: 'evergreenpm',
    industry: 'Property Management',
    founded: '2010',
    address: '851 SW Sixth Avenue, Suite 1100',
    city: 'Portland',
    state: 'OR',
    zip: '97204',
    site: 'PDX',
    timezone: 'America/Los_Angeles',
    tier: 's',
    status: 'active',
    accounts: 3,
    premium: false,
    contact: ['Hannah Lee', 'Operations Manager'],
    billing: ['Gary Nichols', 'Controller'],
  },
  {
    name: 'Redwood Legal Associates',
    short: 'Redwood Legal',
    slug: 'redwoodlegal',
    industry: 'Legal Services',
    founded: '2002',
    address: '621 Capitol Mall, Suite 1800',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    site: 'SAC',
    timezone: 'America/Los_Angeles',
    tier: 's',
    status: 'suspended',
    accounts: 3,
    premium: false,
    contact: ['Patricia Wong', 'Office Administrator'],
    billing: ['Robert Hughes', 'Managing Partner'],
  },
  {
    name: 'Harborview Medical Clinic',
    short: 'Harborview',
    slug: 'harborviewmed',
    industry: 'Healthcare',
    founded: '2009',
    address: '3131 Rosecrans Place',
    city: 'San Diego',
    state: 'CA',
    zip: '92110',
    site: 'SAN',
    timezone: 'America/Los_Angeles',
    tier: 'm',
    status: 'active',
    accounts: 5,
    premium: false,
    contact: ['Dr. Alan Reyes', 'Medical Director'],
    billing: ['Teresa Gomez', 'Revenue Cycle Manager'],
  },
  {
    name: 'Blue Ridge Outfitters',
    short: 'Blue Ridge',
    slug: 'blueridge',
    industry: 'E-commerce',
    founded: '2018',
    address: '45 Broadway Street',
    city: 'Asheville',
    state: 'NC',
    zip: '28801',
    site: 'AVL',
    timezone: 'America/New_York',
    tier: 's',
    status: 'pending',
    accounts: 2,
    premium: false,
    contact: ['Caleb Jennings', 'Founder'],
    billing: ['Caleb Jennings', 'Founder'],
  },
  {
    name: 'Metro Transit Solutions',
    short: 'Metro Transit',
    slug: 'metrotransit',
    industry: 'Transportation',
    founded: '2014',
    address: '1200 New York Avenue NW, Suite 700',
    city: 'Washington',
    state: 'DC',
    zip: '20005',
    site: 'DCA',
    timezone: 'America/New_York',
    tier: 's',
    status: 'pending',
    accounts: 2,
    premium: false,
    contact: ['Danielle Price', 'Program Manager'],
    billing: ['Kevin Shaw', 'Finance Officer'],
  },
  {
    name: 'Cornerstone Education Group',
    short: 'Cornerstone',
    slug: 'cornerstoneedu',
    industry: 'Education',
    founded: '2007',
    address: '80 S Eighth Street, Suite 2900',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55402',
    site: 'MSP',
    timezone: 'America/Chicago',
    tier: 's',
    status: 'pending',
    accounts: 2,
    premium: false,
    contact: ['Megan Olson', 'Director of Enrollment'],
    billing: ['Eric Lindqvist', 'Business Manager'],
  },
  {
    name: 'Lakeshore Catering Co.',
    short: 'Lakeshore',
    slug: 'lakeshorecatering',
    industry: 'Food Services',
    founded: '2013',
    address: '330 E Kilbourn Avenue, Suite 450',
    city: 'Milwaukee',
    state: 'WI',
    zip: '53202',
    site: 'MKE',
    timezone: 'America/Chicago',
    tier: 's',
    status: 'inactive',
    accounts: 2,
    premium: false,
    contact: ['Tom Brennan', 'Owner'],
    billing: ['Tom Brennan', 'Owner'],
  },
];

export const ACCOUNT_SUFFIXES = [
  'Main Office',
  'Customer Support',
  'Sales',
  'Marketing',
  'Notifications',
  'Contact Center',
  'Field Services',
  'Billing Department',
  'East Region',
  'West Region',
  'Appointment Reminders',
  'Operations',
  'Help Desk',
  'Recruiting',
] as const;

/** Area codes with the city and state their local numbers are in. */
export const AREA_CODES: Record<string, readonly [city: string, state: string]> = {
  '212': ['New York', 'NY'],
  '646': ['New York', 'NY'],
  '917': ['New York', 'NY'],
  '718': ['Brooklyn', 'NY'],
  '310': ['Los Angeles', 'CA'],
  '213': ['Los Angeles', 'CA'],
  '323': ['Los Angeles', 'CA'],
  '312': ['Chicago', 'IL'],
  '773': ['Chicago', 'IL'],
  '415': ['San Francisco', 'CA'],
  '628': ['San Francisco', 'CA'],
  '512': ['Austin', 'TX'],
  '737': ['Austin', 'TX'],
  '617': ['Boston', 'MA'],
  '857': ['Boston', 'MA'],
  '702': ['Las Vegas', 'NV'],
  '725': ['Las Vegas', 'NV'],
  '713': ['Houston', 'TX'],
  '832': ['Houston', 'TX'],
  '305': ['Miami', 'FL'],
  '786': ['Miami', 'FL'],
  '404': ['Atlanta', 'GA'],
  '470': ['Atlanta', 'GA'],
  '206': ['Seattle', 'WA'],
  '303': ['Denver', 'CO'],
  '720': ['Denver', 'CO'],
  '215': ['Philadelphia', 'PA'],
  '267': ['Philadelphia', 'PA'],
  '503': ['Portland', 'OR'],
  '916': ['Sacramento', 'CA'],
  '619': ['San Diego', 'CA'],
  '858': ['San Diego', 'CA'],
  '828': ['Asheville', 'NC'],
  '202': ['Washington', 'DC'],
  '612': ['Minneapolis', 'MN'],
  '414': ['Milwaukee', 'WI'],
  '214': ['Dallas', 'TX'],
  '469': ['Dallas', 'TX'],
  '602': ['Phoenix', 'AZ'],
  '480': ['Scottsdale', 'AZ'],
};

/** Area codes local to each company city. */
export const CITY_AREA_CODES: Record<string, readonly string[]> = {
  'New York': ['212', '646', '917', '718'],
  Chicago: ['312', '773'],
  Austin: ['512', '737'],
  Denver: ['303', '720'],
  'San Francisco': ['415', '628'],
  Seattle: ['206'],
  Boston: ['617', '857'],
  Houston: ['713', '832'],
  Miami: ['305', '786'],
  Atlanta: ['404', '470'],
  'Las Vegas': ['702', '725'],
  'Los Angeles': ['310', '213', '323'],
  Philadelphia: ['215', '267'],
  Portland: ['503'],
  Sacramento: ['916'],
  'San Diego': ['619', '858'],
  Asheville: ['828'],
  Washington: ['202'],
  Minneapolis: ['612'],
  Milwaukee: ['414'],
};

/** Inventory area codes for the "Add Number" search (local numbers). */
export const INVENTORY_AREA_CODES = [
  '212', '646', '917', '718', '310', '213', '312', '773', '415', '512', '617', '702', '713', '832',
  '305', '404', '206', '303', '215', '503', '619', '202', '214', '602', '480', '612',
] as const;

export const TOLL_FREE_PREFIXES = ['800', '833', '844', '855', '866', '877', '888'] as const;

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'William', 'Linda', 'David', 'Elizabeth',
  'Richard', 'Barbara', 'Joseph', 'Susan', 'Thomas', 'Jessica', 'Charles', 'Sarah', 'Christopher', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Kimberly',
  'Andrew', 'Emily', 'Joshua', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol', 'George', 'Amanda',
  'Ryan', 'Melissa', 'Jacob', 'Deborah', 'Nicholas', 'Stephanie', 'Tyler', 'Rebecca', 'Aaron', 'Laura',
  'Jose', 'Sofia', 'Wei', 'Aisha', 'Raj', 'Mei', 'Omar', 'Grace', 'Diego', 'Hannah',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Chen', 'Patel', 'Kim', 'Singh', 'Cohen', 'Murphy', 'Sullivan', 'Reed', 'Cook', 'Bell',
] as const;

export const DEPARTMENTS = ['IT', 'Operations', 'Customer Service', 'Marketing', 'Finance', 'Engineering', 'Sales'] as const;
export const JOB_TITLES: Record<string, readonly string[]> = {
  IT: ['Systems Administrator', 'IT Manager', 'Network Engineer'],
  Operations: ['Operations Manager', 'Operations Analyst'],
  'Customer Service': ['Support Team Lead', 'Customer Service Manager'],
  Marketing: ['Marketing Manager', 'Campaign Specialist'],
  Finance: ['Accountant', 'Finance Manager'],
  Engineering: ['Software Engineer', 'Senior Developer', 'DevOps Engineer'],
  Sales: ['Sales Manager', 'Account Executive'],
};

/** The spec's user timezone options. */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

export interface StaffSpec {
  email: string;
  name: string;
  role: 'Admin' | 'Account Manager' | 'Billing' | 'Technical' | 'Support';
  department: string;
  jobTitle: string;
  phone: string;
  status: 'Active' | 'Inactive';
  timezone: string;
}

export const STAFF: readonly StaffSpec[] = [
  { email: 'admin@example.com', name: 'Alex Morgan', role: 'Admin', department: 'Operations', jobTitle: 'Portal Administrator', phone: '(800) 555-0101', status: 'Active', timezone: 'America/New_York' },
  { email: 'support@example.com', name: 'Jordan Lee', role: 'Support', department: 'Customer Support', jobTitle: 'Support Specialist', phone: '(800) 555-0102', status: 'Active', timezone: 'America/Chicago' },
  { email: 'sarah.mitchell@example.com', name: 'Sarah Mitchell', role: 'Account Manager', department: 'Sales', jobTitle: 'Senior Account Manager', phone: '(800) 555-0111', status: 'Active', timezone: 'America/New_York' },
  { email: 'david.chen@example.com', name: 'David Chen', role: 'Account Manager', department: 'Sales', jobTitle: 'Account Manager', phone: '(800) 555-0112', status: 'Active', timezone: 'America/Los_Angeles' },
  { email: 'priya.patel@example.com', name: 'Priya Patel', role: 'Account Manager', department: 'Sales', jobTitle: 'Account Manager', phone: '(800) 555-0113', status: 'Active', timezone: 'America/Chicago' },
  { email: 'marcus.johnson@example.com', name: 'Marcus Johnson', role: 'Account Manager', department: 'Sales', jobTitle: 'Enterprise Account Manager', phone: '(800) 555-0114', status: 'Active', timezone: 'America/Denver' },
  { email: 'rachel.kim@example.com', name: 'Rachel Kim', role: 'Billing', department: 'Finance', jobTitle: 'Billing Specialist', phone: '(800) 555-0121', status: 'Active', timezone: 'America/New_York' },
  { email: 'tom.becker@example.com', name: 'Tom Becker', role: 'Technical', department: 'Network Operations', jobTitle: 'Voice Engineer', phone: '(800) 555-0131', status: 'Active', timezone: 'America/Chicago' },
  { email: 'nina.alvarez@example.com', name: 'Nina Alvarez', role: 'Technical', department: 'Network Operations', jobTitle: 'Messaging Engineer', phone: '(800) 555-0132', status: 'Active', timezone: 'America/Los_Angeles' },
  { email: 'chris.walker@example.com', name: 'Chris Walker', role: 'Support', department: 'Customer Support', jobTitle: 'Support Specialist', phone: '(800) 555-0103', status: 'Active', timezone: 'America/New_York' },
  { email: 'dana.whitley@example.com', name: 'Dana Whitley', role: 'Support', department: 'Customer Support', jobTitle: 'Support Specialist', phone: '(800) 555-0104', status: 'Inactive', timezone: 'America/Denver' },
];

export interface ServiceSpec {
  name: string;
  type: 'SMS' | 'Voice' | 'Numbers';
  /** Monthly cost range in USD at tier m; scaled by tier. */
  cost: readonly [number, number];
}

export const SERVICE_CATALOGUE: readonly ServiceSpec[] = [
  { name: 'SMS Messaging', type: 'SMS', cost: [49, 199] },
  { name: 'MMS Messaging', type: 'SMS', cost: [29, 99] },
  { name: '10DLC Campaign Registration', type: 'SMS', cost: [15, 15] },
  { name: 'SIP Trunking', type: 'Voice', cost: [149, 399] },
  { name: 'Inbound Voice', type: 'Voice', cost: [59, 149] },
  { name: 'Call Recording', type: 'Voice', cost: [25, 75] },
  { name: 'Toll-Free Numbers', type: 'Numbers', cost: [19, 49] },
  { name: 'Local Numbers', type: 'Numbers', cost: [9, 29] },
  { name: 'E911 Service', type: 'Numbers', cost: [10, 25] },
];

export const CARRIERS = ['AT&T', 'Verizon Business', 'Lumen', 'Comcast Business', 'Spectrum Enterprise', 'Frontier', 'Windstream', 'T-Mobile for Business'] as const;

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;
export const BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank', 'U.S. Bank', 'PNC Bank', 'Truist', 'Capital One'] as const;

export const API_KEY_NAMES = ['Production Server', 'CRM Integration', 'Mobile App Backend', 'Billing Sync', 'Notification Service', 'Staging', 'Local Development', 'QA Automation'] as const;

export const API_ENDPOINTS: readonly (readonly [method: string, endpoint: string, weight: number])[] = [
  ['POST', '/v1/messages', 30],
  ['GET', '/v1/messages', 14],
  ['GET', '/v1/numbers', 16],
  ['GET', '/v1/cdrs', 14],
  ['GET', '/v1/account', 6],
  ['GET', '/v1/usage', 6],
  ['POST', '/v1/numbers/portability-check', 4],
  ['GET', '/v1/webhooks', 3],
];

export const CAMPAIGNS: readonly (readonly [name: string, useCase: string, description: string])[] = [
  ['Appointment Reminders', 'Account Notification', 'Reminders for upcoming appointments with confirm and cancel replies.'],
  ['Order Notifications', 'Delivery Notification', 'Order confirmations and shipping updates for online purchases.'],
  ['Two-Factor Authentication', '2FA', 'One-time verification codes for sign-in and account changes.'],
  ['Customer Care', 'Customer Care', 'Two-way conversations between customers and the support team.'],
  ['Seasonal Promotions', 'Marketing', 'Opt-in promotional offers sent to subscribed customers.'],
  ['Account Alerts', 'Account Notification', 'Balance, payment and security alerts for account holders.'],
  ['Delivery Updates', 'Delivery Notification', 'Driver ETA and delivery window notifications.'],
  ['Service Outage Alerts', 'Public Service Announcement', 'Notices about planned and unplanned service interruptions.'],
];

export const TEMPLATES: readonly (readonly [name: string, type: 'SMS' | 'MMS', body: string])[] = [
  ['Appointment Reminder', 'SMS', 'Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}. Reply C to confirm or R to reschedule.'],
  ['Order Shipped', 'SMS', '{{company}}: your order #{{order_id}} has shipped. Track it at {{tracking_url}}. Reply STOP to opt out.'],
  ['Verification Code', 'SMS', 'Your {{company}} verification code is {{code}}. It expires in 10 minutes.'],
  ['Payment Reminder', 'SMS', 'Hi {{first_name}}, your payment of {{amount}} is due on {{due_date}}. Pay online at {{pay_url}}.'],
  ['Welcome Message', 'SMS', 'Welcome to {{company}}, {{first_name}}! Reply HELP for help or STOP to unsubscribe.'],
  ['Holiday Promotion', 'MMS', 'Our holiday sale starts now: {{discount}} off everything through {{end_date}}. Show this message in store.'],
  ['Event Invitation', 'MMS', "You're invited! Join us on {{date}} at {{location}}. RSVP by replying YES."],
  ['Service Update', 'SMS', '{{company}} notice: scheduled maintenance on {{date}} from {{start}} to {{end}}. No action is needed.'],
];

export interface TicketSpec {
  subject: string;
  category: string;
  description: string;
  /** Typical staff reply. */
  reply: string;
  technical: boolean;
}

export const TICKET_SUBJECTS: readonly TicketSpec[] = [
  { subject: 'SMS messages not delivered to T-Mobile subscribers', category: 'Messaging', description: 'Since this morning, outbound SMS to T-Mobile numbers show status Failed with error 30007. Other carriers are fine.', reply: 'We see carrier filtering on your campaign traffic. We have opened a case with the carrier and will update you within 24 hours.', technical: true },
  { subject: 'Request to increase max voice channels', category: 'Voice', description: 'We are onboarding a new call center team and need our channel allocation raised from 50 to 120 before the end of the month.', reply: 'The allocation change has been scheduled. You will see the new limit on the Voice tab once it is applied.', technical: true },
  { subject: 'Porting request stuck in Pending Docs', category: 'Numbers', description: 'We uploaded the LOA last week but the porting request still shows Pending Docs.', reply: 'The LOA signature did not match the account holder on file with the losing carrier. Please upload a new LOA signed by the authorized contact.', technical: true },
  { subject: 'Question about invoice charges', category: 'Billing', description: 'Our latest invoice is higher than usual. Can you break down the usage charges?', reply: 'The increase comes from additional outbound voice minutes on your Sales account. A detailed usage report is attached to the invoice.', technical: false },
  { subject: 'Unable to create new API key', category: 'API', description: 'Clicking Generate Key in the API tab shows an error and no key is created.', reply: 'This was caused by a session timeout. Please sign in again and retry; let us know if the problem persists.', technical: true },
  { subject: 'Webhook deliveries failing with timeout', category: 'API', description: 'Our message.delivered webhook shows repeated failures. Our endpoint is up and responds in under a second.', reply: 'Our logs show TLS handshake failures to your endpoint. Please check the certificate chain on your load balancer.', technical: true },
  { subject: 'One-way audio on outbound calls', category: 'Voice', description: 'Some outbound calls have one-way audio: the called party cannot hear us.', reply: 'This usually points to NAT on your SBC. Please verify the RTP port range is open to our media IPs.', technical: true },
  { subject: 'Need copy of W-9 for vendor setup', category: 'Billing', description: 'Our accounts payable team needs a signed W-9 to continue paying invoices.', reply: 'A signed W-9 has been sent to your billing contact.', technical: false },
  { subject: 'Add toll-free number for new campaign', category: 'Numbers', description: 'We need an 888 toll-free number with SMS enabled for an upcoming marketing campaign.', reply: 'A toll-free number has been reserved. Toll-free verification for SMS usually takes 3 to 5 business days.', technical: false },
  { subject: '10DLC campaign rejected', category: 'Messaging', description: 'Our Seasonal Promotions campaign was rejected. What do we need to change?', reply: 'The registry requires sample messages that include opt-out language and a link to your privacy policy. Please resubmit with those changes.', technical: true },
  { subject: 'Calls dropping after 30 seconds', category: 'Voice', description: 'Inbound calls disconnect after about 30 seconds on our main trunk.', reply: 'The calls drop because the SIP ACK is not received. Please check that your firewall allows SIP from our signaling IPs.', technical: true },
  { subject: 'Update billing contact', category: 'Billing', description: 'Please update the billing contact for our account to our new controller.', reply: 'The billing contact has been updated. Future invoices will be emailed to the new contact.', technical: false },
  { subject: 'Caller ID showing wrong company name', category: 'Voice', description: 'Outbound calls show an old company name in caller ID (CNAM).', reply: 'We submitted a CNAM update for your numbers. Carrier databases can take up to 72 hours to refresh.', technical: true },
  { subject: 'API rate limit errors (429)', category: 'API', description: 'Our batch job receives 429 Too Many Requests responses during peak hours.', reply: 'Your key is limited to 100 requests per second. Please add exponential backoff or spread the batch over a longer window.', technical: true },
  { subject: 'Request for usage report for last quarter', category: 'Billing', description: 'Could you send a usage report by account for the last quarter for our internal chargebacks?', reply: 'You can export this from Reports > Usage Detail for any period. We have also emailed a copy.', technical: false },
  { subject: 'MMS images not displaying on some phones', category: 'Messaging', description: 'Recipients on some Android phones receive MMS without the image.', reply: 'Images over 600 KB are transcoded by some carriers. Please keep media under 500 KB for best results.', technical: true },
  { subject: 'Password reset email not received', category: 'Account', description: 'One of our users did not receive the password reset email.', reply: 'The email was blocked by your mail filter. Please allowlist our sending domain and try again.', technical: false },
  { subject: 'E911 address update for new office', category: 'Numbers', description: 'We moved our Denver office and need the E911 address updated for 12 numbers.', reply: 'The E911 addresses have been updated and validated with the MSAG.', technical: true },
];

export const TICKET_FOLLOWUPS = [
  'Thanks, we will check on our side and get back to you.',
  'We made the change you suggested and it looks better now.',
  'Any update on this? It is affecting our customers.',
  'Confirmed, everything works as expected now. Thank you!',
  'Attached are the call IDs for the affected calls.',
] as const;

export const INTERNAL_NOTES = [
  'Escalated to the carrier relations team.',
  'Customer is on the premium plan, prioritize.',
  'Checked SBC logs: no SIP errors on our side.',
  'Related to the maintenance window last Tuesday.',
  'Billing adjustment approved by finance.',
] as const;

export const CUSTOMER_NOTE_BODIES = [
  'Quarterly business review held; customer plans to expand SMS usage next quarter.',
  'Customer asked about pricing for additional toll-free numbers. Sent updated rate card.',
  'Renewal discussion scheduled for next month.',
  'Reported intermittent call quality issues; Technical team engaged.',
  'Customer requested net-45 payment terms; declined per policy.',
  'Onboarding call completed. Shared API documentation and webhook guide.',
  'Customer is evaluating a competitor for international termination.',
  'Confirmed 10DLC brand registration details with the primary contact.',
  'Invoice dispute resolved; credit applied to next invoice.',
  'Introduced customer to our new MMS capabilities.',
] as const;

export const DNC_REASONS = ['Customer requested opt-out', 'STOP keyword received', 'Known litigator', 'Wrong number reported', 'Internal do-not-contact list'] as const;
export const DNO_REASONS = ['Inbound-only number (spoofing protection)', 'Government agency number', 'Reported as spoofed by carrier', 'Bank fraud hotline'] as const;

export const KNOWLEDGE_ARTICLES: readonly (readonly [title: string, category: 'API' | 'Voice' | 'Billing' | 'Numbers' | 'Messaging', body: string])[] = [
  [
    'Getting started with the REST API',
    'API',
    '# Getting started with the REST API\n\nEvery request is authenticated with an API key sent in the `Authorization` header:\n\n```\nAuthorization: Bearer pk_live_...\n```\n\n## Steps\n\n1. Open **API Access** and choose **Generate Key**.\n2. Copy the key: it is shown only once.\n3. Call `GET /v1/account` to check that the key works.\n\nKeys are scoped to one account. Use a Development key while you build.',
  ],
  [
    'Handling rate limits (429 Too Many Requests)',
    'API',
    '# Handling rate limits\n\nEach key may make **100 requests per second** and **1,000,000 requests per day** by default.\n\nWhen you exceed a limit the API answers `429 Too Many Requests` with a `Retry-After` header.\n\n- Retry after the number of seconds given.\n- Use exponential backoff with jitter.\n- Spread batch jobs over time.',
  ],
  [
    'Verifying webhook signatures',
    'API',
    '# Verifying webhook signatures\n\nEvery delivery carries `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.\n\nCompute an HMAC-SHA256 of `{id}.{timestamp}.{body}` with your webhook secret and compare it with the signature. Reject deliveries older than five minutes.',
  ],
  [
    'Configuring SIP trunks and failover',
    'Voice',
    '# Configuring SIP trunks and failover\n\nA trunk group has a **primary group** and an optional **failover group** of IP addresses.\n\n- Calls go to the primary group using the route strategy (Round Robin by default).\n- When every primary IP fails, calls go to the failover group.\n\nAdd each IP of your SBC or PBX and allow our signaling IPs on your firewall.',
  ],
  [
    'Understanding route strategies',
    'Voice',
    '# Understanding route strategies\n\n| Strategy | Behaviour |\n|---|---|\n| Round Robin | Rotates through the IPs in order |\n| Random | Picks an IP at random |\n| LCR | Least Cost Routing |\n| Sequential | Always tries the first IP first |\n| Weight Based | Distributes by configured weights |',
  ],
  [
    'Troubleshooting one-way audio',
    'Voice',
    '# Troubleshooting one-way audio\n\nOne-way audio is almost always caused by NAT or a firewall.\n\n1. Make sure your SBC advertises its public IP in SDP.\n2. Open the RTP port range (10000-20000 UDP) to our media servers.\n3. Disable SIP ALG on your router.',
  ],
  [
    'How invoices are calculated',
    'Billing',
    '# How invoices are calculated\n\nInvoices are issued on the 1st of each month for the previous month and are due in 30 days. They contain:\n\n- monthly service fees,\n- phone number rental fees,\n- usage (voice minutes, SMS segments, MMS messages).',
  ],
  [
    'Adding and managing payment methods',
    'Billing',
    '# Adding and managing payment methods\n\nYou can store credit cards and bank accounts (ACH). Exactly one method is the **default** and is charged automatically.\n\nWe never store your full card number or CVV.',
  ],
  [
    'What happens when an invoice is overdue',
    'Billing',
    '# Overdue invoices\n\nIf an invoice is not paid by its due date it becomes **Overdue** and reminders are emailed to the billing contact. Accounts with invoices overdue by more than 30 days may be suspended.',
  ],
  [
    'Porting numbers to us',
    'Numbers',
    '# Porting numbers to us\n\n1. Submit a porting request for each number.\n2. Upload a signed **Letter of Authorization (LOA)** and a recent **bill copy**.\n3. We submit the request to the losing carrier and share the FOC date.\n\nMost ports complete in 7 to 10 business days.',
  ],
  [
    'Local vs toll-free numbers',
    'Numbers',
    '# Local vs toll-free numbers\n\n- **Local (DID)** numbers have a geographic area code and cost $1.00 per month.\n- **Toll-free (TFN)** numbers (800, 833, 844, 855, 866, 877, 888) cost $2.50 per month; the caller pays nothing.',
  ],
  [
    'Why was my porting request rejected?',
    'Numbers',
    '# Why was my porting request rejected?\n\nCommon reasons:\n\n- the account number or PIN does not match the losing carrier\'s records,\n- the name or address on the LOA differs from the service address,\n- the number is part of a larger hunt group.',
  ],
  [
    '10DLC brand and campaign registration',
    'Messaging',
    '# 10DLC brand and campaign registration\n\nTo send application-to-person SMS on local numbers in the US you must register a **brand** (your company) and a **campaign** (your use case). Unregistered traffic is filtered by carriers.',
  ],
  [
    'SMS segments and message length',
    'Messaging',
    '# SMS segments\n\nA GSM-7 message up to 160 characters is one segment; longer messages are split into segments of 153 characters. Messages with Unicode characters (emoji) use segments of 70 characters. Each segment is billed at $0.0075.',
  ],
  [
    'Opt-out keywords (STOP, HELP)',
    'Messaging',
    '# Opt-out keywords\n\nWhen a recipient replies **STOP**, **UNSUBSCRIBE** or **CANCEL**, the number is added to your DNC list and further messages are refused. **HELP** returns your help message.',
  ],
];
