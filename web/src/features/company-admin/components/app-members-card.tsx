import { APP_ROLES } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { EmptyNote, QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { appMembersQuery, useAddAppMember, useRemoveAppMember, useUpdateAppMember } from '../api/app-members';
import { MemberAdder } from './member-adder';
import { MemberList } from './member-list';

export function AppMembersCard({
  companyId,
  appId,
  canEdit,
}: {
  companyId: number;
  appId: number;
  canEdit: boolean;
}) {
  const members = useQuery(appMembersQuery(companyId, appId));
  const add = useAddAppMember(companyId, appId);
  const update = useUpdateAppMember(companyId, appId);
  const remove = useRemoveAppMember(companyId, appId);
  const list = members.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>App members</CardTitle>
        <CardDescription>
          {canEdit
            ? 'App admins manage settings and members; managers run queues; agents answer conversations.'
            : 'Only app admins can change who belongs to this app.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canEdit && (
          <MemberAdder
            companyId={companyId}
            roles={APP_ROLES}
            defaultRole="agent"
            memberIds={list.map((m) => m.user_id)}
            target="app"
            pending={add.isPending}
            onAdd={(userId, role, done) =>
              add.mutate(
                { app_id: appId, user_id: userId, role },
                { onSuccess: done, onError: (e) => toastError(e) },
              )
            }
          />
        )}
        <QueryView
          query={members}
          loading="Loading app members"
          rows={3}
          empty={
            <EmptyNote>No members yet. Company admins can work in every app; add others here.</EmptyNote>
          }
        >
          {() => (
            <MemberList
              members={list}
              roles={APP_ROLES}
              canEdit={canEdit}
              target="app"
              busy={update.isPending || remove.isPending}
              onRoleChange={(m, role) =>
                update.mutate({ userId: m.user_id, role }, { onError: (e) => toastError(e) })
              }
              onRemove={(m) => remove.mutate(m, { onError: (e) => toastError(e) })}
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
