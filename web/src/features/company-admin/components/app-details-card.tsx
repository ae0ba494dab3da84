import type { App } from '@inbox/contract';
import { AppDetailsCard } from '@/components/admin/app-details-card';
import { useUpdateApp } from '../api/apps';

/** The app's details on its admin page: app admins edit them, managers read them. */
export function CompanyAppDetailsCard({ companyId, app }: { companyId: number; app: App }) {
  const update = useUpdateApp(companyId);
  const canEdit = app.role === 'admin';
  return (
    <AppDetailsCard
      app={app}
      canEdit={canEdit}
      description={
        canEdit ? 'The name and description your team sees.' : 'Only app admins can change these details.'
      }
      save={{
        mutate: (body, options) => update.mutate({ id: app.app_id, body }, options),
        isPending: update.isPending,
      }}
    />
  );
}
