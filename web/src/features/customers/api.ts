import type { Customer, CustomerApp, CustomerSort, DuplicateSuggestion } from '@inbox/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  customerConversationsQuery,
  customerKeys,
  customerQuery,
  useCustomersChanged,
  useLabelCustomer,
  useUpdateCustomer,
} from '@/lib/customers';
import { pageQuery } from '@/lib/page-query';
import { useWrite } from '@/lib/use-write';

export const CUSTOMERS_PAGE = 50;

export { customerConversationsQuery, customerKeys, customerQuery, useLabelCustomer, useUpdateCustomer };

export interface CustomerFilters {
  search?: string;
  app_id?: number;
  has_open?: boolean;
  sort?: CustomerSort;
  offset?: number;
}

export const customersQuery = (cid: number, f: CustomerFilters) =>
  pageQuery<Customer>([...customerKeys.all(cid), 'list', f], '/customers', { limit: CUSTOMERS_PAGE, ...f });

export const duplicatesQuery = (cid: number, id: number) =>
  queryOptions({
    queryKey: [...customerKeys.one(cid, id), 'duplicates'],
    queryFn: () => api.get<DuplicateSuggestion[]>('/customer/duplicates', { query: { customer_id: id } }),
  });

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
