import { useQuery } from '@tanstack/react-query';
import { AppWindowIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { NoCompanyState } from '@/components/no-company-state';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { visibleAppsQuery } from './api';
import { AppCard } from './components/app-card';
import { AppStatsPanel } from './components/app-stats-panel';

/** Panels other features contribute (the conversation counts), composed by the app layer for one app. */
export type DashboardSlot = (appId: number) => ReactNode;

export default function DashboardPage({ inboxPanel }: { inboxPanel?: DashboardSlot }) {
  const { company, user, selectedAppId } = useSession();
  if (!company) {
    return (
      <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
        <PageHeader title="Dashboard" />
        <NoCompanyState isPlatformAdmin={!!user?.is_platform_admin} />
      </div>
    );
  }
  return (
    <CompanyDashboard
      companyId={company.company_id}
      companyName={company.company_name}
      isCompanyAdmin={company.role === 'admin'}
      selectedAppId={selectedAppId}
      inboxPanel={inboxPanel}
    />
  );
}

interface CompanyDashboardProps {
  companyId: number;
  companyName: string;
  isCompanyAdmin: boolean;
  selectedAppId: number | null;
  inboxPanel?: DashboardSlot;
}

function CompanyDashboard({
  companyId,
  companyName,
  isCompanyAdmin,
  selectedAppId,
  inboxPanel,
}: CompanyDashboardProps) {
  const apps = useQuery(visibleAppsQuery(companyId));
  const list = apps.data?.data ?? [];
  // The session's choice, unless this user cannot see that app (then the first visible one).
  const selected = list.find((a) => a.app_id === selectedAppId) ?? list[0];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 p-4 md:p-6">
      <PageHeader
        title="Dashboard"
        description={selected ? `${companyName} · ${selected.app_name}` : companyName}
      />
      {apps.isPending ? (
        <DashboardSkeleton />
      ) : apps.isError ? (
        <ErrorState error={apps.error} onRetry={() => apps.refetch()} />
      ) : !selected ? (
        <EmptyState
          icon={AppWindowIcon}
          title="No apps yet"
          description={
            isCompanyAdmin
              ? 'Apps are the brands or products your customers contact. Create the first one to set up queues and invite your team.'
              : 'No apps yet — ask your company admin to add you to an app.'
          }
          action={isCompanyAdmin && <LinkButton to="/admin?tab=apps&new=app">Create an app</LinkButton>}
        />
      ) : (
        <>
          {inboxPanel?.(selected.app_id)}
          <AppStatsPanel
            companyId={companyId}
            appId={selected.app_id}
            appName={selected.app_name}
            withConversations={!inboxPanel}
          />
          <section aria-labelledby="apps-heading" className="space-y-3">
            <h2 id="apps-heading" className="font-medium">
              Apps
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((app) => (
                <AppCard
                  key={app.app_id}
                  app={app}
                  selected={list.length > 1 && app.app_id === selected.app_id}
                />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading dashboard">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-[74px] rounded-xl" />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-32 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
