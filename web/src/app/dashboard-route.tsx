import { DashboardInbox } from '@/features/conversations/dashboard-inbox';
import DashboardPage from '@/features/dashboard/dashboard-page';

/** The dashboard as the route shows it: the conversation counts and recent conversations above the app's stats. */
export default function DashboardRoute() {
  return <DashboardPage inboxPanel={(appId) => <DashboardInbox appId={appId} />} />;
}
