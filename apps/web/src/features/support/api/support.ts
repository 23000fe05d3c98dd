import type { TPage } from '@portal/contract/common';
import type {
  TArticle,
  TArticleBody,
  TArticleListItem,
  TCreateIncidentBody,
  TCreateTicketBody,
  TIncident,
  TIncidentUpdateBody,
  TStatusPage,
  TStatusSubscription,
  TSupportContact,
  TTicket,
  TTicketCommentBody,
  TTicketLinkBody,
  TTicketListItem,
  TUpdateTicketBody,
} from '@portal/contract/support';
import { api } from '../../../lib/api.ts';
import { toQueryString, uploadFile } from '../../../lib/download.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useInvalidatingMutation, useSavingMutation } from '../../../lib/query.ts';

/** The support feature's query keys. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
};

export const ticketListQuery = (query: ListQuery) =>
  listQuery<TPage<TTicketListItem>>([...ticketKeys.lists(), query], '/api/tickets', query);

export const ticketQuery = (ticketId: string) => readQuery<TTicket>(ticketKeys.detail(ticketId), apiPath`/api/tickets/${ticketId}`);

/** Staff: who a ticket can be assigned to. */
export const assigneesQuery = readQuery<{ id: string; name: string; role: string }[]>(
  [...ticketKeys.all, 'assignees'],
  '/api/tickets/assignees',
  {
    staleTime: 5 * 60_000,
  },
);

/** Every ticket change answers with the ticket: it becomes the cached detail, and lists are read again. */
const useTicketMutation = <V>(mutationFn: (vars: V) => Promise<TTicket>) =>
  useSavingMutation(mutationFn, { cache: (ticket) => ticketQuery(ticket.id).queryKey, stale: [ticketKeys.lists(), ['dashboard']] });

export const useCreateTicket = () => useTicketMutation((body: TCreateTicketBody) => api.post<TTicket>('/api/tickets', body));
export const useReplyToTicket = (ticketId: string) =>
  useTicketMutation((body: TTicketCommentBody) => api.post<TTicket>(apiPath`/api/tickets/${ticketId}/comments`, body));
export const useUpdateTicket = (ticketId: string) =>
  useTicketMutation((body: TUpdateTicketBody) => api.patch<TTicket>(apiPath`/api/tickets/${ticketId}`, body));

// ---- A ticket's files and linked records ----

export const attachmentUrl = (ticketId: string, attachmentId: string) => apiPath`/api/tickets/${ticketId}/attachments/${attachmentId}`;

/** Sends one file as the request body (the server checks its type, size and first bytes); with a reply's id it goes with that reply. */
export const uploadAttachment = (ticketId: string, file: File, commentId?: string) =>
  uploadFile<TTicket>(apiPath`/api/tickets/${ticketId}/attachments` + toQueryString({ fileName: file.name, commentId }), file);
export const useUploadAttachment = () =>
  useTicketMutation(({ ticketId, file, commentId }: { ticketId: string; file: File; commentId?: string }) =>
    uploadAttachment(ticketId, file, commentId),
  );
export const useDeleteAttachment = (ticketId: string) =>
  useTicketMutation((attachmentId: string) => api.delete<TTicket>(attachmentUrl(ticketId, attachmentId)));
export const useAddLink = (ticketId: string) =>
  useTicketMutation((body: TTicketLinkBody) => api.post<TTicket>(apiPath`/api/tickets/${ticketId}/links`, body));
export const useRemoveLink = (ticketId: string) =>
  useTicketMutation((linkId: string) => api.delete<TTicket>(apiPath`/api/tickets/${ticketId}/links/${linkId}`));

export const statusPageQuery = readQuery<TStatusPage>(['status'], '/api/status', { staleTime: 30_000 });

const useStatusMutation = <V>(mutationFn: (vars: V) => Promise<TIncident>) =>
  useSavingMutation(mutationFn, { stale: [['status'], ['dashboard']] });

export const useCreateIncident = () => useStatusMutation((body: TCreateIncidentBody) => api.post<TIncident>('/api/status/incidents', body));
export const usePostIncidentUpdate = (incidentId: string) =>
  useStatusMutation((body: TIncidentUpdateBody) => api.post<TIncident>(apiPath`/api/status/incidents/${incidentId}/updates`, body));

export const articleListQuery = (query: ListQuery) =>
  listQuery<TPage<TArticleListItem>>(['knowledge', 'list', query], '/api/knowledge', query);

export const articleQuery = (articleId: string) =>
  readQuery<TArticle>(['knowledge', 'detail', articleId], apiPath`/api/knowledge/${articleId}`);

const useArticleMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([['knowledge']], mutationFn);

export const useSaveArticle = (articleId?: string) =>
  useArticleMutation((body: TArticleBody) =>
    articleId ? api.put<TArticle>(apiPath`/api/knowledge/${articleId}`, body) : api.post<TArticle>('/api/knowledge', body),
  );
export const useDeleteArticle = () =>
  useArticleMutation((articleId: string) => api.delete<{ ok: true }>(apiPath`/api/knowledge/${articleId}`));

export const supportContactQuery = readQuery<TSupportContact>(['support', 'contact'], '/api/support/contact', { staleTime: 5 * 60_000 });

export const statusSubscriptionQuery = readQuery<TStatusSubscription>(['status', 'subscription'], '/api/status/subscription');

export const useSetStatusSubscription = () =>
  useSavingMutation((body: TStatusSubscription) => api.put<TStatusSubscription>('/api/status/subscription', body), {
    cache: () => statusSubscriptionQuery.queryKey,
  });
