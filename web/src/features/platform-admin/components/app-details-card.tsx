import type { App } from '@inbox/contract';
import { AppDetailsCard } from '@/components/admin/app-details-card';
import { useUpdateAdminApp } from '../api/apps';

/** Any app's details, edited by a platform admin. */
export function PlatformAppDetailsCard({ app }: { app: App }) {
  return <AppDetailsCard app={app} save={useUpdateAdminApp(app.app_id)} />;
}
