import { DashboardInbox } from '@/features/conversations/dashboard-inbox';
import DashboardPage from '@/features/dashboard/dashboard-page';
import { TodayPanel } from '@/features/reports/today-panel';

/**
 * The dashboard as the route shows it: today's numbers with the week's trend, then the conversation counts
 * and recent conversations, above the app's stats.
 */
export default function DashboardRoute() {
  return (
    <DashboardPage
      inboxPanel={(appId) => (
        <>
          <TodayPanel appId={appId} />
          <DashboardInbox appId={appId} />
        </>
      )}
    />
  );
}
