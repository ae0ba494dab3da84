import type { BillingUsage, Plan, PlanId } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = { all: (cid: number) => ['company', cid, 'billing'] as const };

export const usageQuery = (cid: number) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'usage'],
    queryFn: () => api.get<BillingUsage>('/billing/usage/current'),
  });

export const plansQuery = (cid: number) =>
  queryOptions({
    queryKey: [...keys.all(cid), 'plans'],
    queryFn: () => api.get<Plan[]>('/billing/plans'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const startCheckout = (plan_id: PlanId) =>
  api.post<{ checkout_url: string }>('/billing/checkout', { plan_id });

export function useConfirmCheckout(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (session_id: string) => api.post<BillingUsage>('/billing/confirm', { session_id }),
    onSuccess: (usage) => qc.setQueryData(usageQuery(cid).queryKey, usage),
  });
}
