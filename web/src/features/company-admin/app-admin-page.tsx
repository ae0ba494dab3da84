import { useQuery } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { CannedRepliesCard } from '@/components/canned-replies/canned-replies-card';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { NoCompanyState } from '@/components/no-company-state';
import { PageHeader } from '@/components/page-header';
import { roleLabel } from '@/components/role-select';
import { ActiveBadge } from '@/components/tone-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { appQuery } from './api/apps';
import { NoAdminAccess } from './components/admin-access-states';
import { CompanyAppDetailsCard } from './components/app-details-card';
import { AppMembersCard } from './components/app-members-card';
import { AutoRespondersCard } from './components/auto-responders-card';
import { IntegrationsCard } from './components/integrations-card';
import { PortalLinkCard } from './components/portal-link-card';
import { AppQueuesCard } from './components/queues-card';

const BACK = { to: '/admin', label: 'Back to Admin' };

export default function AppAdminPage() {
  const { company, user } = useSession();
  const appId = Number(useParams().id);
  if (!company)
    return (
      <Frame>
        <NoCompanyState isPlatformAdmin={!!user?.is_platform_admin} />
      </Frame>
    );
  if (!Number.isInteger(appId) || appId <= 0)
    return (
      <Frame>
        <AppNotFound />
      </Frame>
    );
  return <AppAdmin companyId={company.company_id} appId={appId} />;
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl space-y-6 p-4 md:p-6">{children}</div>;
}

function AppNotFound() {
  return (
    <EmptyState
      icon={SearchXIcon}
      title="App not found"
      description="This app does not exist in the current company, or you do not have access to it."
      back={{ to: '/admin', label: 'Back to Admin' }}
    />
  );
}

function AppAdmin({ companyId, appId }: { companyId: number; appId: number }) {
  const app = useQuery(appQuery(companyId, appId));
  if (app.isPending) {
    return (
      <Frame>
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading app">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-8 w-64" />
        </div>
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </Frame>
    );
  }
  if (app.isError) {
    const missing = app.error instanceof ApiError && app.error.status === 404;
    return (
      <Frame>
        {missing ? <AppNotFound /> : <ErrorState error={app.error} onRetry={() => app.refetch()} />}
      </Frame>
    );
  }
  const a = app.data;
  const manages = a.role === 'admin' || a.role === 'manager';
  return (
    <Frame>
      <PageHeader
        back={BACK}
        title={a.app_name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ActiveBadge active={a.is_active} />
            {a.role && <span>Your role: {roleLabel(a.role)}</span>}
          </span>
        }
      />
      {manages ? (
        <>
          <CompanyAppDetailsCard companyId={companyId} app={a} />
          <PortalLinkCard appId={a.app_id} isActive={a.is_active} />
          <AppQueuesCard companyId={companyId} appId={a.app_id} />
          <AutoRespondersCard companyId={companyId} appId={a.app_id} appName={a.app_name} />
          <CannedRepliesCard
            companyId={companyId}
            scope="app"
            appId={a.app_id}
            description={`Replies the agents of ${a.app_name} can insert by typing / and the short code.`}
          />
          {a.role === 'admin' && <IntegrationsCard companyId={companyId} appId={a.app_id} />}
          <AppMembersCard companyId={companyId} appId={a.app_id} canEdit={a.role === 'admin'} />
        </>
      ) : (
        <NoAdminAccess />
      )}
    </Frame>
  );
}
