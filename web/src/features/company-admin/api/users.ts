import type { CompanyRole, CompanyUser, CreateCompanyUserBody } from '@inbox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { useWrite } from '@/lib/use-write';
import { adminKeys, patchRows, withArticle } from './keys';

export const USERS_PAGE = 50;

export const companyUsersQuery = (cid: number, f: { search?: string; offset?: number; limit?: number }) =>
  pageQuery<CompanyUser>([...adminKeys.users(cid), f], '/users', { limit: USERS_PAGE, ...f });

function useUsersChanged(cid: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.users(cid) });
    qc.invalidateQueries({ queryKey: adminKeys.company(cid) });
  };
}

export function useAddCompanyUser(cid: number) {
  return useWrite(
    (body: CreateCompanyUserBody) => api.post<CompanyUser>('/users', body),
    useUsersChanged(cid),
    (u) => `${u.name} added to the company`,
  );
}

export function useUpdateCompanyUser(cid: number) {
  const qc = useQueryClient();
  const changed = useUsersChanged(cid);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyRole }) =>
      api.put<CompanyUser>('/users', { company_role: role }, { query: { id: userId } }),
    onMutate: ({ userId, role }) =>
      patchRows<CompanyUser>(qc, adminKeys.users(cid), (u) => u.user_id === userId, { company_role: role }),
    onSuccess: (u) => toast.success(`${u.name} is now ${withArticle(u.company_role)}`),
    onSettled: changed,
  });
}

export function useRemoveCompanyUser(cid: number) {
  const qc = useQueryClient();
  const changed = useUsersChanged(cid);
  return useMutation({
    mutationFn: (u: Pick<CompanyUser, 'user_id' | 'name'>) =>
      api.delete('/users', { query: { id: u.user_id } }),
    onSuccess: (_, u) => {
      changed();
      // Their app and queue memberships in this company went with them.
      qc.invalidateQueries({ queryKey: ['company', cid] });
      toast.success(`${u.name} removed from the company`);
    },
  });
}
