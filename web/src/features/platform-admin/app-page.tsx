import { useQuery } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DELETE_APP } from '@/components/admin/app-fields';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { ActiveBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { adminAppQuery, useDeleteAdminApp } from './api/apps';
import { PlatformAppDetailsCard } from './components/app-details-card';
import { AppQueuesCard } from './components/app-queues-card';
import { useCompanyNames } from './components/lookups';
import { MembersCard } from './components/members-card';
import { PlatformRecordPage, RecordView } from './components/record-page';

export default function AppPage() {
  return <PlatformRecordPage what="App" param="appId" view={(id) => <AppView id={id} />} />;
}

function AppView({ id }: { id: number }) {
  const navigate = useNavigate();
  const app = useQuery(adminAppQuery(id));
  const companyName = useCompanyNames();
  const remove = useDeleteAdminApp();
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'app',
    name: (a) => a.app_name,
    description: DELETE_APP,
    onDeleted: (a) => navigate(`/platform-admin/company/${a.company_id}`, { replace: true }),
  });
  return (
    <RecordView what="App" query={app}>
      {(a) => (
        <>
          <PageHeader
            back={{ to: `/platform-admin/company/${a.company_id}`, label: companyName(a.company_id) }}
            title={a.app_name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <ActiveBadge active={a.is_active} />
                <span>
                  App of{' '}
                  <Link
                    to={`/platform-admin/company/${a.company_id}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {companyName(a.company_id)}
                  </Link>
                </span>
              </span>
            }
            actions={
              <Button variant="outline" className="text-destructive" onClick={() => confirmDelete.ask(a)}>
                <Trash2Icon aria-hidden />
                Delete
              </Button>
            }
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <PlatformAppDetailsCard app={a} />
            <AppQueuesCard appId={a.app_id} />
          </div>
          <MembersCard
            kind="app"
            scopeId={a.app_id}
            description="Members of the app's company, with their app role."
            empty="No members yet. Only members of the company can be added."
          />
          {confirmDelete.dialog}
        </>
      )}
    </RecordView>
  );
}
