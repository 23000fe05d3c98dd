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
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toQueryString, uploadFile } from '../../../lib/download.ts';

/** The support feature's query keys. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
};

const id = (value: string) => encodeURIComponent(value);

export function ticketListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: [...ticketKeys.lists(), query],
    queryFn: ({ signal }) => api.get<TPage<TTicketListItem>>('/api/tickets', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function ticketQuery(ticketId: string) {
  return queryOptions({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => api.get<TTicket>(`/api/tickets/${id(ticketId)}`, { signal }),
  });
}

/** Staff: who a ticket can be assigned to. */
export const assigneesQuery = queryOptions({
  queryKey: [...ticketKeys.all, 'assignees'],
  queryFn: ({ signal }) => api.get<{ id: string; name: string; role: string }[]>('/api/tickets/assignees', { signal }),
  staleTime: 5 * 60_000,
});

/** Every ticket change answers with the ticket: it becomes the cached detail, and lists are read again. */
function useTicketMutation<V>(mutationFn: (vars: V) => Promise<TTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketQuery(ticket.id).queryKey, ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useCreateTicket = () => useTicketMutation((body: TCreateTicketBody) => api.post<TTicket>('/api/tickets', body));
export const useReplyToTicket = (ticketId: string) =>
  useTicketMutation((body: TTicketCommentBody) => api.post<TTicket>(`/api/tickets/${id(ticketId)}/comments`, body));
export const useUpdateTicket = (ticketId: string) =>
  useTicketMutation((body: TUpdateTicketBody) => api.patch<TTicket>(`/api/tickets/${id(ticketId)}`, body));

// ---- A ticket's files and linked records ----

const ticketPath = (ticketId: string) => `/api/tickets/${id(ticketId)}`;
export const attachmentUrl = (ticketId: string, attachmentId: string) => `${ticketPath(ticketId)}/attachments/${id(attachmentId)}`;

/** Sends one file as the request body (the server checks its type, size and first bytes); with a reply's id it goes with that reply. */
export const uploadAttachment = (ticketId: string, file: File, commentId?: string) =>
  uploadFile<TTicket>(`${ticketPath(ticketId)}/attachments${toQueryString({ fileName: file.name, commentId })}`, file);
export const useUploadAttachment = () =>
  useTicketMutation(({ ticketId, file, commentId }: { ticketId: string; file: File; commentId?: string }) =>
    uploadAttachment(ticketId, file, commentId),
  );
export const useDeleteAttachment = (ticketId: string) =>
  useTicketMutation((attachmentId: string) => api.delete<TTicket>(attachmentUrl(ticketId, attachmentId)));
export const useAddLink = (ticketId: string) =>
  useTicketMutation((body: TTicketLinkBody) => api.post<TTicket>(`${ticketPath(ticketId)}/links`, body));
export const useRemoveLink = (ticketId: string) =>
  useTicketMutation((linkId: string) => api.delete<TTicket>(`${ticketPath(ticketId)}/links/${id(linkId)}`));

export const statusPageQuery = queryOptions({
  queryKey: ['status'],
  queryFn: ({ signal }) => api.get<TStatusPage>('/api/status', { signal }),
  staleTime: 30_000,
});

function useStatusMutation<V>(mutationFn: (vars: V) => Promise<TIncident>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['status'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useCreateIncident = () => useStatusMutation((body: TCreateIncidentBody) => api.post<TIncident>('/api/status/incidents', body));
export const usePostIncidentUpdate = (incidentId: string) =>
  useStatusMutation((body: TIncidentUpdateBody) => api.post<TIncident>(`/api/status/incidents/${id(incidentId)}/updates`, body));

export function articleListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: ['knowledge', 'list', query],
    queryFn: ({ signal }) => api.get<TPage<TArticleListItem>>('/api/knowledge', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function articleQuery(articleId: string) {
  return queryOptions({
    queryKey: ['knowledge', 'detail', articleId],
    queryFn: ({ signal }) => api.get<TArticle>(`/api/knowledge/${id(articleId)}`, { signal }),
  });
}

function useArticleMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['knowledge'] }) });
}

export const useSaveArticle = (articleId?: string) =>
  useArticleMutation((body: TArticleBody) =>
    articleId ? api.put<TArticle>(`/api/knowledge/${id(articleId)}`, body) : api.post<TArticle>('/api/knowledge', body),
  );
export const useDeleteArticle = () =>
  useArticleMutation((articleId: string) => api.delete<{ ok: true }>(`/api/knowledge/${id(articleId)}`));

export const supportContactQuery = queryOptions({
  queryKey: ['support', 'contact'],
  queryFn: ({ signal }) => api.get<TSupportContact>('/api/support/contact', { signal }),
  staleTime: 5 * 60_000,
});

export const statusSubscriptionQuery = queryOptions({
  queryKey: ['status', 'subscription'],
  queryFn: ({ signal }) => api.get<TStatusSubscription>('/api/status/subscription', { signal }),
});

export function useSetStatusSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStatusSubscription) => api.put<TStatusSubscription>('/api/status/subscription', body),
    onSuccess: (value) => queryClient.setQueryData(statusSubscriptionQuery.queryKey, value),
  });
}
