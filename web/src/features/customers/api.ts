import type {
  ConversationSummary,
  Customer,
  CustomerApp,
  CustomerSort,
  DuplicateSuggestion,
  UpdateCustomerBody,
} from '@inbox/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { useWrite } from '@/lib/use-write';

export const CUSTOMERS_PAGE = 50;

/** ['company', cid, 'customers', ...]: one prefix, so any change refreshes every customer view of the company. */
export const customerKeys = {
  all: (cid: number) => ['company', cid, 'customers'] as const,
  one: (cid: number, id: number) => ['company', cid, 'customers', 'one', id] as const,
};

export interface CustomerFilters {
  search?: string;
  app_id?: number;
  has_open?: boolean;
  sort?: CustomerSort;
  offset?: number;
}

export const customersQuery = (cid: number, f: CustomerFilters) =>
  pageQuery<Customer>([...customerKeys.all(cid), 'list', f], '/customers', { limit: CUSTOMERS_PAGE, ...f });

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

export const duplicatesQuery = (cid: number, id: number) =>
  queryOptions({
    queryKey: [...customerKeys.one(cid, id), 'duplicates'],
    queryFn: () => api.get<DuplicateSuggestion[]>('/customer/duplicates', { query: { customer_id: id } }),
  });

function useCustomersChanged(cid: number) {
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

export function useEraseCustomer(cid: number) {
  return useWrite(
    (c: Pick<Customer, 'customer_id' | 'name'>) => api.delete('/customers', { query: { id: c.customer_id } }),
    useCustomersChanged(cid),
    (_, c) => `${c.name} and their conversations were erased`,
  );
}

export function useMergeCustomers(cid: number) {
  return useWrite(
    (b: { primary: number; duplicate: number }) =>
      api.post<Customer>('/customer/merge', {
        primary_customer_id: b.primary,
        duplicate_customer_id: b.duplicate,
      }),
    useCustomersChanged(cid),
    (c) => `Merged into ${c.name}`,
  );
}

export function useCustomerAppLinks(cid: number, id: number) {
  const changed = useCustomersChanged(cid);
  const link = useMutation({
    mutationFn: (appId: number) =>
      api.post<CustomerApp[]>('/customer/apps', { customer_id: id, app_id: appId }),
    onSuccess: changed,
  });
  const unlink = useMutation({
    mutationFn: (appId: number) =>
      api.delete<CustomerApp[]>('/customer/apps', { query: { id, app_id: appId } }),
    onSuccess: changed,
  });
  return { link, unlink };
}

/** Puts labels on the customer or takes them off (contract section 13). */
export function useLabelCustomer(cid: number) {
  const changed = useCustomersChanged(cid);
  return useWrite(
    (b: { customer_id: number; add: number[]; remove: number[] }) =>
      api.post<Customer>('/customer/labels', b),
    changed,
    () => 'Labels saved',
  );
}
