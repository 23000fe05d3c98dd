/** Support tickets and comments, customer notes, DNC/DNO reasons, knowledge-base articles. */

export interface TicketSpec {
  subject: string;
  category: string;
  description: string;
  /** Typical staff reply. */
  reply: string;
  technical: boolean;
}

export const TICKET_SUBJECTS: readonly TicketSpec[] = [
  {
    subject: 'SMS messages not delivered to T-Mobile subscribers',
    category: 'Messaging',
    description: 'Since this morning, outbound SMS to T-Mobile numbers show status Failed with error 30007. Other carriers are fine.',
    reply: 'We see carrier filtering on your campaign traffic. We have opened a case with the carrier and will update you within 24 hours.',
    technical: true,
  },
  {
    subject: 'Request to increase max voice channels',
    category: 'Voice',
    description:
      'We are onboarding a new call center team and need our channel allocation raised from 50 to 120 before the end of the month.',
    reply: 'The allocation change has been scheduled. You will see the new limit on the Voice tab once it is applied.',
    technical: true,
  },
  {
    subject: 'Porting request stuck in Pending Docs',
    category: 'Numbers',
    description: 'We uploaded the LOA last week but the porting request still shows Pending Docs.',
    reply:
      'The LOA signature did not match the account holder on file with the losing carrier. Please upload a new LOA signed by the authorized contact.',
    technical: true,
  },
  {
    subject: 'Question about invoice charges',
    category: 'Billing',
    description: 'Our latest invoice is higher than usual. Can you break down the usage charges?',
    reply:
      'The increase comes from additional outbound voice minutes on your Sales account. A detailed usage report is attached to the invoice.',
    technical: false,
  },
  {
    subject: 'Unable to create new API key',
    category: 'API',
    description: 'Clicking Generate Key in the API tab shows an error and no key is created.',
    reply: 'This was caused by a session timeout. Please sign in again and retry; let us know if the problem persists.',
    technical: true,
  },
  {
    subject: 'Webhook deliveries failing with timeout',
    category: 'API',
    description: 'Our message.delivered webhook shows repeated failures. Our endpoint is up and responds in under a second.',
    reply: 'Our logs show TLS handshake failures to your endpoint. Please check the certificate chain on your load balancer.',
    technical: true,
  },
  {
    subject: 'One-way audio on outbound calls',
    category: 'Voice',
    description: 'Some outbound calls have one-way audio: the called party cannot hear us.',
    reply: 'This usually points to NAT on your SBC. Please verify the RTP port range is open to our media IPs.',
    technical: true,
  },
  {
    subject: 'Need copy of W-9 for vendor setup',
    category: 'Billing',
    description: 'Our accounts payable team needs a signed W-9 to continue paying invoices.',
    reply: 'A signed W-9 has been sent to your billing contact.',
    technical: false,
  },
  {
    subject: 'Add toll-free number for new campaign',
    category: 'Numbers',
    description: 'We need an 888 toll-free number with SMS enabled for an upcoming marketing campaign.',
    reply: 'A toll-free number has been reserved. Toll-free verification for SMS usually takes 3 to 5 business days.',
    technical: false,
  },
  {
    subject: '10DLC campaign rejected',
    category: 'Messaging',
    description: 'Our Seasonal Promotions campaign was rejected. What do we need to change?',
    reply:
      'The registry requires sample messages that include opt-out language and a link to your privacy policy. Please resubmit with those changes.',
    technical: true,
  },
  {
    subject: 'Calls dropping after 30 seconds',
    category: 'Voice',
    description: 'Inbound calls disconnect after about 30 seconds on our main trunk.',
    reply: 'The calls drop because the SIP ACK is not received. Please check that your firewall allows SIP from our signaling IPs.',
    technical: true,
  },
  {
    subject: 'Update billing contact',
    category: 'Billing',
    description: 'Please update the billing contact for our account to our new controller.',
    reply: 'The billing contact has been updated. Future invoices will be emailed to the new contact.',
    technical: false,
  },
  {
    subject: 'Caller ID showing wrong company name',
    category: 'Voice',
    description: 'Outbound calls show an old company name in caller ID (CNAM).',
    reply: 'We submitted a CNAM update for your numbers. Carrier databases can take up to 72 hours to refresh.',
    technical: true,
  },
  {
    subject: 'API rate limit errors (429)',
    category: 'API',
    description: 'Our batch job receives 429 Too Many Requests responses during peak hours.',
    reply: 'Your key is limited to 100 requests per second. Please add exponential backoff or spread the batch over a longer window.',
    technical: true,
  },
  {
    subject: 'Request for usage report for last quarter',
    category: 'Billing',
    description: 'Could you send a usage report by account for the last quarter for our internal chargebacks?',
    reply: 'You can export this from Reports > Usage Detail for any period. We have also emailed a copy.',
    technical: false,
  },
  {
    subject: 'MMS images not displaying on some phones',
    category: 'Messaging',
    description: 'Recipients on some Android phones receive MMS without the image.',
    reply: 'Images over 600 KB are transcoded by some carriers. Please keep media under 500 KB for best results.',
    technical: true,
  },
  {
    subject: 'Password reset email not received',
    category: 'Account',
    description: 'One of our users did not receive the password reset email.',
    reply: 'The email was blocked by your mail filter. Please allowlist our sending domain and try again.',
    technical: false,
  },
  {
    subject: 'E911 address update for new office',
    category: 'Numbers',
    description: 'We moved our Denver office and need the E911 address updated for 12 numbers.',
    reply: 'The E911 addresses have been updated and validated with the MSAG.',
    technical: true,
  },
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

export const DNC_REASONS = [
  'Customer requested opt-out',
  'STOP keyword received',
  'Known litigator',
  'Wrong number reported',
  'Internal do-not-contact list',
] as const;
export const DNO_REASONS = [
  'Inbound-only number (spoofing protection)',
  'Government agency number',
  'Reported as spoofed by carrier',
  'Bank fraud hotline',
] as const;

export const KNOWLEDGE_ARTICLES: readonly (readonly [
  title: string,
  category: 'API' | 'Voice' | 'Billing' | 'Numbers' | 'Messaging',
  body: string,
])[] = [
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
    "# Why was my porting request rejected?\n\nCommon reasons:\n\n- the account number or PIN does not match the losing carrier's records,\n- the name or address on the LOA differs from the service address,\n- the number is part of a larger hunt group.",
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
