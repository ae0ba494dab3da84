import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { AppsTab } from './components/apps-tab';
import { CompaniesTab } from './components/companies-tab';
import { NotPlatformAdmin, PlatformFrame } from './components/platform-frame';
import { QueuesTab } from './components/queues-tab';
import { UsersTab } from './components/users-tab';

const TABS = ['companies', 'users', 'apps', 'queues'] as const;
type Tab = (typeof TABS)[number];

export default function PlatformAdminPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  if (!user?.is_platform_admin) return <NotPlatformAdmin />;
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && TABS.includes(wanted) ? wanted : 'companies';
  return (
    <PlatformFrame>
      <PageHeader
        title="Platform Admin"
        description="Every company, user, app and queue of this installation."
      />
      <Tabs
        value={tab}
        onValueChange={(next) => setParams({ tab: next }, { replace: true })}
        className="gap-6"
      >
        <TabsList>
          <TabsTrigger value="companies">Companies</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="apps">Apps</TabsTrigger>
          <TabsTrigger value="queues">Queues</TabsTrigger>
        </TabsList>
        <TabsContent value="companies">
          <CompaniesTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="apps">
          <AppsTab />
        </TabsContent>
        <TabsContent value="queues">
          <QueuesTab />
        </TabsContent>
      </Tabs>
    </PlatformFrame>
  );
}
