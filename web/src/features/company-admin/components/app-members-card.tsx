import { APP_ROLES } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { appMembersQuery, useAppMemberWrites } from '../api/app-members';
import { MembersEditor } from './members-editor';

export function AppMembersCard({
  companyId,
  appId,
  canEdit,
}: {
  companyId: number;
  appId: number;
  canEdit: boolean;
}) {
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
        <MembersEditor
          companyId={companyId}
          kind="app"
          roles={APP_ROLES}
          defaultRole="agent"
          canEdit={canEdit}
          members={useQuery(appMembersQuery(companyId, appId))}
          writes={useAppMemberWrites(companyId, appId)}
          loading="Loading app members"
          empty="No members yet. Company admins can work in every app; add others here."
        />
      </CardContent>
    </Card>
  );
}
