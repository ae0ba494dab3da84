import type { AppMember, QueueMember } from '@inbox/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { patchRows } from './keys';

type Member = AppMember | QueueMember;

/**
 * Add, re-role and remove the members of an app (`/app/users`) or a queue (`/queue/users`): the same calls
 * with the scope's id, the role change shown at once in the cached list, and each side's caches refreshed.
 */
export function useMemberWrites<M extends Member>(opts: {
  kind: 'app' | 'queue';
  scopeId: number;
  listKey: QueryKey;
  changed: () => void;
  /** The toast after a role change, e.g. "Ada is now an admin". */
  roleChanged: (m: M) => string;
}) {
  const { kind, scopeId, listKey, changed } = opts;
  const path = kind === 'app' ? '/app/users' : '/queue/users';
  const qc = useQueryClient();
  const add = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: M['role'] }) =>
      api.post<M>(path, { [`${kind}_id`]: scopeId, user_id: userId, role }),
    onSuccess: (m) => {
      changed();
      toast.success(`${m.name} added to the ${kind}`);
    },
  });
  const update = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: M['role'] }) =>
      api.put<M>(path, { role }, { query: { id: scopeId, user_id: userId } }),
    onMutate: ({ userId, role }) =>
      patchRows<M>(qc, listKey, (m) => m.user_id === userId, { role } as Partial<M>),
    onSuccess: (m) => toast.success(opts.roleChanged(m)),
    onSettled: changed,
  });
  const remove = useMutation({
    mutationFn: (m: Pick<M, 'user_id' | 'name'>) =>
      api.delete(path, { query: { id: scopeId, user_id: m.user_id } }),
    onSuccess: (_, m) => {
      changed();
      toast.success(`${m.name} removed from the ${kind}`);
    },
  });
  return { add, update, remove };
}
