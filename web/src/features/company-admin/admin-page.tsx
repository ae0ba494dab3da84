import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CannedRepliesCard } from '@/components/canned-replies/canned-replies-card';
import { NoCompanyState } from '@/components/no-company-state';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { UsageCard } from '@/features/billing/components/usage-card';
import { useSession } from '@/lib/session';
import { ActivitySection } from './components/activity-section';
import { NoAdminAccess } from './components/admin-access-states';
import { ApiKeysSection } from './components/api-keys-section';
import { AppsSection } from './components/apps-section';
import { BusinessHoursCard } from './components/business-hours-card';
import { CompanySettings } from './components/company-settings';
import { LabelsSection } from './components/labels-section';
import { SlaSection } from './components/sla-section';
import { UsersSection } from './components/users-section';

const TABS = [
  'apps',
  'users',
  'labels',
  'sla',
  'company',
  'canned-replies',
  'billing',
  'api-keys',
  'activity',
] as const;
type Tab = (typeof TABS)[number];

export default function AdminPage() {
  const { company, user } = useSession();
  const [params, setParams] = useSearchParams();
  const shell = (body: ReactNode, description?: string) => (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
      <PageHeader title="Admin" description={description} />
      {body}
    </div>
  );
  if (!company) return shell(<NoCompanyState isPlatformAdmin={!!user?.is_platform_admin} />);

  const isCompanyAdmin = company.role === 'admin';
  const managesAnApp = company.apps.some((a) => a.role === 'admin' || a.role === 'manager');
  if (!isCompanyAdmin && !managesAnApp) return shell(<NoAdminAccess />);

  const createOpen = params.get('new') === 'app';
  const setCreateOpen = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set('new', 'app');
        else p.delete('new');
        return p;
      },
      { replace: true },
    );
  const apps = (
    <AppsSection
      companyId={company.company_id}
      isCompanyAdmin={isCompanyAdmin}
      createOpen={createOpen && isCompanyAdmin}
      onCreateOpenChange={setCreateOpen}
    />
  );
  const companyReplies = (
    <CannedRepliesCard
      companyId={company.company_id}
      scope="company"
      description="Replies every agent of the company can insert by typing / and the short code."
    />
  );
  // Company managers keep the company's canned replies too (contract section 13), below the apps they manage.
  if (!isCompanyAdmin) {
    return shell(
      company.role === 'manager' ? (
        <div className="grid gap-6">
          {apps}
          {companyReplies}
        </div>
      ) : (
        apps
      ),
      company.company_name,
    );
  }

  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && TABS.includes(wanted) ? wanted : 'apps';
  return shell(
    <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })} className="gap-6">
      <TabsList>
        <TabsTrigger value="apps">Apps</TabsTrigger>
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="labels">Labels</TabsTrigger>
        <TabsTrigger value="sla">Service levels</TabsTrigger>
        <TabsTrigger value="company">Company settings</TabsTrigger>
        <TabsTrigger value="canned-replies">Canned replies</TabsTrigger>
        <TabsTrigger value="billing">Billing</TabsTrigger>
        <TabsTrigger value="api-keys">API keys</TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
      </TabsList>
      <TabsContent value="apps">{apps}</TabsContent>
      <TabsContent value="users">
        <UsersSection companyId={company.company_id} currentUserId={user?.user_id} />
      </TabsContent>
      <TabsContent value="labels">
        <LabelsSection companyId={company.company_id} />
      </TabsContent>
      <TabsContent value="sla">
        <SlaSection companyId={company.company_id} />
      </TabsContent>
      <TabsContent value="company">
        <div className="grid gap-6">
          <CompanySettings companyId={company.company_id} canEdit={isCompanyAdmin} />
          <BusinessHoursCard companyId={company.company_id} canEdit={isCompanyAdmin} />
        </div>
      </TabsContent>
      <TabsContent value="canned-replies">{companyReplies}</TabsContent>
      <TabsContent value="billing">
        <UsageCard companyId={company.company_id} />
      </TabsContent>
      <TabsContent value="api-keys">
        <ApiKeysSection companyId={company.company_id} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivitySection companyId={company.company_id} />
      </TabsContent>
    </Tabs>,
    company.company_name,
  );
}
