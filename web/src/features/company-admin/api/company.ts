import type { Company, UpdateCompanyBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { adminKeys } from './keys';

export const companyQuery = (cid: number) =>
  queryOptions({
    queryKey: adminKeys.company(cid),
    queryFn: () => api.get<Company>('/companies', { query: { id: cid } }),
  });

export function useUpdateCompany(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => api.put<Company>('/companies', body, { query: { id: cid } }),
    onSuccess: (company) => {
      qc.setQueryData(adminKeys.company(cid), company);
      toast.success('Company settings saved');
      refreshSession();
    },
  });
}
