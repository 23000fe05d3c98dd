import type { TCompanyProfile, TUpdateCompanyProfileBody } from '@portal/contract/company';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const companyProfileQuery = queryOptions({
  queryKey: ['company', 'profile'],
  queryFn: ({ signal }) => api.get<TCompanyProfile>('/api/company', { signal }),
});

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCompanyProfileBody) => api.put<TCompanyProfile>('/api/company', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(companyProfileQuery.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'session'] });
    },
  });
}
