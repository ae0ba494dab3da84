import { APP_ROLES, type App } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { appMembersQuery, useUserApp } from '../api/memberships';
import { MembersCard } from './members-card';

export function AppMembersCard({ app }: { app: App }) {
  const members = useQuery(appMembersQuery(app.app_id));
  const link = useUserApp();
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
      link={link}
      scopeId={app.app_id}
    />
  );
}
