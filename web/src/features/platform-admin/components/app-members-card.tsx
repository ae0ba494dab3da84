import { APP_ROLES, type App } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { appMembersQuery, useUserApp } from '../api/memberships';
import { MembersCard } from './members-card';

export function AppMembersCard({ app }: { app: App }) {
  const members = useQuery(appMembersQuery(app.app_id));
  const link = useUserApp();
  const { app_id, company_id } = app;
  return (
    <MembersCard
      members={members}
      description="Members of the app's company, with their app role."
      noun="app"
      roleName="App role"
      roles={APP_ROLES}
      defaultRole="agent"
      roleOf={(m) => m.app_role}
      empty="No members yet. Only members of the company can be added."
      adding={link.isPending && link.variables?.mode === 'add'}
      busy={link.isPending}
      onAdd={(user_id, app_role, callbacks) =>
        link.mutate({ mode: 'add', body: { user_id, app_id, app_role, company_id } }, callbacks)
      }
      onRoleChange={(user_id, app_role, callbacks) =>
        link.mutate({ mode: 'update', body: { user_id, app_id, app_role, company_id } }, callbacks)
      }
      onRemove={(user_id, callbacks) => link.mutate({ mode: 'remove', body: { user_id, app_id } }, callbacks)}
    />
  );
}
