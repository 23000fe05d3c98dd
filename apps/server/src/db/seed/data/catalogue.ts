/** The service catalogue, carriers, payment brands and banks, API key names and endpoints, campaigns and templates. */

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

export const CARRIERS = [
  'AT&T',
  'Verizon Business',
  'Lumen',
  'Comcast Business',
  'Spectrum Enterprise',
  'Frontier',
  'Windstream',
  'T-Mobile for Business',
] as const;

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;
export const BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank', 'U.S. Bank', 'PNC Bank', 'Truist', 'Capital One'] as const;

export const API_KEY_NAMES = [
  'Production Server',
  'CRM Integration',
  'Mobile App Backend',
  'Billing Sync',
  'Notification Service',
  'Staging',
  'Local Development',
  'QA Automation',
] as const;

export const API_ENDPOINTS: readonly (readonly [method: string, endpoint: string, weight: number])[] = [
  ['POST', '/v1/messages', 34],
  ['GET', '/v1/messages', 16],
  ['GET', '/v1/messages/:id', 12],
  ['GET', '/v1/numbers', 20],
  ['GET', '/v1/cdrs', 18],
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
  [
    'Appointment Reminder',
    'SMS',
    'Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}. Reply C to confirm or R to reschedule.',
  ],
  ['Order Shipped', 'SMS', '{{company}}: your order #{{order_id}} has shipped. Track it at {{tracking_url}}. Reply STOP to opt out.'],
  ['Verification Code', 'SMS', 'Your {{company}} verification code is {{code}}. It expires in 10 minutes.'],
  ['Payment Reminder', 'SMS', 'Hi {{first_name}}, your payment of {{amount}} is due on {{due_date}}. Pay online at {{pay_url}}.'],
  ['Welcome Message', 'SMS', 'Welcome to {{company}}, {{first_name}}! Reply HELP for help or STOP to unsubscribe.'],
  [
    'Holiday Promotion',
    'MMS',
    'Our holiday sale starts now: {{discount}} off everything through {{end_date}}. Show this message in store.',
  ],
  ['Event Invitation', 'MMS', "You're invited! Join us on {{date}} at {{location}}. RSVP by replying YES."],
  ['Service Update', 'SMS', '{{company}} notice: scheduled maintenance on {{date}} from {{start}} to {{end}}. No action is needed.'],
];
