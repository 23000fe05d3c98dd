/** Support: tickets, the knowledge base and the service status page. */
export const TICKET_STATUSES = ['open', 'in-progress', 'pending', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export const KNOWLEDGE_CATEGORIES = ['API', 'Voice', 'Billing', 'Numbers', 'Messaging'] as const;
export const SERVICE_STATUSES = ['Operational', 'Degraded Performance', 'Resolved', 'Scheduled'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TServiceStatus = (typeof SERVICE_STATUSES)[number];
