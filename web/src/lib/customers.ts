import type { ConversationSummary, Customer, UpdateCustomerBody } from '@inbox/contract';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';

/**
 * The customer reads and writes that both the customer page and the thread's customer panel use (features do
 * not import each other). ['company', cid, 'customers', ...]: one prefix, so any change refreshes every
 * customer view of the company.
 */
export const customerKeys = {
  all: (cid: number) => ['company', cid, 'customers'] as const,
  one: (cid: number, id: number) => ['company', cid, 'customers', 'one', id] as const,
};

export const customerQuery = (cid: number, id: number) =>
  queryOptions({
    queryKey: customerKeys.one(cid, id),
    queryFn: () => api.get<Customer>('/customers', { query: { id } }),
  });

export const customerConversationsQuery = (cid: number, id: number, offset: number) =>
  queryOptions({
    queryKey: [...customerKeys.one(cid, id), 'conversations', offset],
    queryFn: () =>
      api.list<ConversationSummary>('/customer/conversations', { query: { id, limit: 20, offset } }),
    placeholderData: keepPreviousData,
  });

export function useCustomersChanged(cid: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customerKeys.all(cid) });
}

export function useUpdateCustomer(cid: number, id: number) {
  return useWrite(
    (body: UpdateCustomerBody) => api.put<Customer>('/customers', body, { query: { id } }),
    useCustomersChanged(cid),
    () => 'Customer saved',
  );
}

/** Puts labels on the customer or takes them off (contract section 13). */
export function useLabelCustomer(cid: number) {
  return useWrite(
    (b: { customer_id: number; add: number[]; remove: number[] }) =>
      api.post<Customer>('/customer/labels', b),
    useCustomersChanged(cid),
    () => 'Labels saved',
  );
}
