import type { AppMember, QueueMember } from '@inbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyNote, QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import type { useMemberWrites } from '../api/member-writes';
import { MemberAdder } from './member-adder';
import { MemberList } from './member-list';

/**
 * The members of an app or a queue: a picker to add one (for those who may edit), then the list with role
 * changes and removal. The app page's card and the queue's dialog both show it.
 */
export function MembersEditor<M extends AppMember | QueueMember>({
  companyId,
  kind,
  roles,
  defaultRole,
  canEdit,
  members,
  writes: { add, update, remove },
  loading,
  empty,
}: {
  companyId: number;
  kind: 'app' | 'queue';
  roles: readonly M['role'][];
  defaultRole: M['role'];
  canEdit: boolean;
  members: UseQueryResult<{ data: M[] }>;
  writes: ReturnType<typeof useMemberWrites<M>>;
  loading: string;
  empty: string;
}) {
  const list = members.data?.data ?? [];
  return (
    <>
      {canEdit && (
        <MemberAdder
          companyId={companyId}
          roles={roles}
          defaultRole={defaultRole}
          memberIds={list.map((m) => m.user_id)}
          target={kind}
          pending={add.isPending}
          onAdd={(userId, role, done) =>
            add.mutate({ userId, role }, { onSuccess: done, onError: (e) => toastError(e) })
          }
        />
      )}
      <QueryView query={members} loading={loading} rows={3} empty={<EmptyNote>{empty}</EmptyNote>}>
        {(data) => (
          <MemberList<M['role']>
            members={data.data}
            roles={roles}
            canEdit={canEdit}
            target={kind}
            busy={update.isPending || remove.isPending}
            onRoleChange={(m, role) =>
              update.mutate({ userId: m.user_id, role }, { onError: (e) => toastError(e) })
            }
            onRemove={(m) => remove.mutate(m, { onError: (e) => toastError(e) })}
          />
        )}
      </QueryView>
    </>
  );
}
