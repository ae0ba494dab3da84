import type { AdminCreateUserBody, AdminUser, AdminUserDetail } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { PAGE, platformKeys } from './keys';

export const usersQuery = (f: { search?: string; offset?: number; limit?: number }) =>
  pageQuery<AdminUser>([...platformKeys.users, f], '/admin/users', { limit: PAGE, ...f });

export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: platformKeys.user(id),
    queryFn: () => api.get<AdminUserDetail>('/admin/user', { query: { id } }),
  });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserBody) => api.post<AdminUser>('/admin/users', body),
    onSuccess: (u) => {
      qc.invalidateQueries({ queryKey: platformKeys.users });
      toast.success(`User ${u.name} created`);
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (u: Pick<AdminUser, 'user_id' | 'name'>) =>
      api.delete('/admin/users', { query: { id: u.user_id } }),
    onSuccess: (_, u) => {
      qc.removeQueries({ queryKey: platformKeys.user(u.user_id) });
      qc.invalidateQueries({ queryKey: platformKeys.all });
      toast.success(`User ${u.name} deleted`);
    },
  });
}

export const USER_FLAGS = {
  suspend: (name: string) => `${name} is suspended`,
  activate: (name: string) => `${name} is active again`,
  'make-platform-admin': (name: string) => `${name} is now a platform admin`,
  'remove-platform-admin': (name: string) => `${name} is no longer a platform admin`,
} as const;
export type UserFlag = keyof typeof USER_FLAGS;

export function useUserFlag(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (verb: UserFlag) => api.post<AdminUser>(`/admin/user/${verb}`, {}, { query: { id } }),
    onSuccess: (u, verb) => {
      qc.invalidateQueries({ queryKey: platformKeys.user(id) });
      qc.invalidateQueries({ queryKey: platformKeys.users });
      toast.success(USER_FLAGS[verb](u.name));
    },
  });
}
