import type { TRegistrationList } from '@portal/contract/registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath, readQuery } from '../../../lib/query.ts';
import { CUSTOMERS_KEY } from './customers.ts';

const REGISTRATIONS_KEY = [...CUSTOMERS_KEY, 'registrations'] as const;

/** Registrations from the sign-up page awaiting review. */
export const registrationsQuery = readQuery<TRegistrationList>(REGISTRATIONS_KEY, '/api/admin/customers/registrations');

/** Approve or reject (with the reason emailed to the applicant); the customer list shows the outcome. */
export function useReviewRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { id: string; reject?: { reason: string } }) =>
      review.reject
        ? api.post(apiPath`/api/admin/customers/${review.id}/registration/reject`, review.reject)
        : api.post(apiPath`/api/admin/customers/${review.id}/registration/approve`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}
