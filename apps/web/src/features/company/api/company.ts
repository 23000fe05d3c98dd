import type { TCompanyProfile, TUpdateCompanyProfileBody } from '@portal/contract/company';
import { api } from '../../../lib/api.ts';
import { readQuery, useSavingMutation } from '../../../lib/query.ts';

export const companyProfileQuery = readQuery<TCompanyProfile>(['company', 'profile'], '/api/company');

export const useUpdateCompanyProfile = () =>
  useSavingMutation((body: TUpdateCompanyProfileBody) => api.put<TCompanyProfile>('/api/company', body), {
    cache: () => companyProfileQuery.queryKey,
    stale: [['auth', 'session']],
  });
