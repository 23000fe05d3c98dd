/** Messaging: 10DLC brands and campaigns, message templates and the message log. */
export const BRAND_STATUSES = ['Approved', 'Pending'] as const;
export const CAMPAIGN_STATUSES = ['Approved', 'Pending', 'Rejected', 'Under Review'] as const;
export const TEMPLATE_STATUSES = ['Active', 'Inactive', 'Draft'] as const;
export const MESSAGE_TYPES = ['SMS', 'MMS'] as const;
export const MESSAGE_DIRECTIONS = ['Inbound', 'Outbound'] as const;
export const MESSAGE_STATUSES = ['Delivered', 'Failed', 'Sent', 'Queued'] as const;
export type TBrandStatus = (typeof BRAND_STATUSES)[number];
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type TTemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];
