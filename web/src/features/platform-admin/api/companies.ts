import type { Company, CompanyStatusBody, CreateCompanyBody, UpdateCompanyBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { refreshSession } from '@/lib/session-refresh';
import { useWrite } from '@/lib/use-write';
import { PAGE, platformKeys } from './keys';

export const companiesQuery = (f: { search?: string; offset?: number; limit?: number }) =>
  pageQuery<Company>([...platformKeys.companies, f], '/admin/companies', { limit: PAGE, ...f });

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: platformKeys.company(id),
    queryFn: () => api.get<Company>('/admin/companies', { query: { id } }),
  });

function useCompanyChanged() {
  const qc = useQueryClient();
  return (company?: Company) => {
    if (company) qc.setQueryData(platformKeys.company(company.company_id), company);
    qc.invalidateQueries({ queryKey: platformKeys.companies });
    refreshSession();
  };
}

export function useCreateCompany() {
  return useWrite(
    (body: CreateCompanyBody) => api.post<Company>('/admin/companies', body),
    useCompanyChanged(),
    (c) => `Company "${c.company_name}" created`,
  );
}

export function useUpdateCompany(id: number) {
  return useWrite(
    (body: UpdateCompanyBody) => api.put<Company>('/admin/companies', body, { query: { id } }),
    useCompanyChanged(),
    () => 'Company saved',
  );
}

export function useSetCompanyStatus() {
  return useWrite(
    (body: CompanyStatusBody) => api.post<Company>('/admin/company/status', body),
    useCompanyChanged(),
    (c) => `${c.company_name} is ${c.status === 'active' ? 'active again' : 'suspended'}`,
  );
}

export function useDeleteCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Pick<Company, 'company_id' | 'company_name'>) =>
      api.delete('/admin/companies', { query: { id: c.company_id } }),
    onSuccess: (_, c) => {
      qc.removeQueries({ queryKey: platformKeys.company(c.company_id) });
      // Its apps, queues and memberships went with it.
      qc.invalidateQueries({ queryKey: platformKeys.all });
      refreshSession();
      toast.success(`Company "${c.company_name}" deleted`);
    },
  });
}
