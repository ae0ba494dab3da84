import { useQuery } from '@tanstack/react-query';
import { BanIcon, CheckCircle2Icon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { companyQuery, useDeleteCompany } from './api/companies';
import { CompanyAppsCard } from './components/company-apps-card';
import { CompanyDetailsCard } from './components/company-details-card';
import { CompanyStatusDialog } from './components/company-status-dialog';
import { MembersCard } from './components/members-card';
import { PlatformRecordPage, RecordView } from './components/record-page';

const BACK = { to: '/platform-admin?tab=companies', label: 'Companies' };

export default function CompanyPage() {
  return <PlatformRecordPage what="Company" param="companyId" view={(id) => <CompanyView id={id} />} />;
}

function CompanyView({ id }: { id: number }) {
  const navigate = useNavigate();
  const company = useQuery(companyQuery(id));
  const remove = useDeleteCompany();
  const [statusOpen, setStatusOpen] = useState(false);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'company',
    name: (c) => c.company_name,
    description:
      'The company is deleted with its apps, queues, customers and conversations, and everyone loses access to it. This cannot be undone.',
    onDeleted: () => navigate('/platform-admin?tab=companies', { replace: true }),
  });
  return (
    <RecordView what="Company" query={company}>
      {(c) => {
        const active = c.status === 'active';
        return (
          <>
            <PageHeader
              back={BACK}
              title={c.company_name}
              description={
                <span className="flex flex-wrap items-center gap-2">
                  <ToneBadge tone={active ? 'success' : 'danger'}>
                    {active ? 'Active' : 'Suspended'}
                  </ToneBadge>
                  <span>
                    {c.timezone} · {c.apps_count} {c.apps_count === 1 ? 'app' : 'apps'} · {c.members_count}{' '}
                    {c.members_count === 1 ? 'member' : 'members'}
                  </span>
                </span>
              }
              actions={
                <>
                  <Button variant="outline" onClick={() => setStatusOpen(true)}>
                    {active ? <BanIcon aria-hidden /> : <CheckCircle2Icon aria-hidden />}
                    {active ? 'Suspend' : 'Activate'}
                  </Button>
                  <Button variant="outline" className="text-destructive" onClick={() => confirmDelete.ask(c)}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                </>
              }
            />
            {!active && (
              <div
                role="status"
                className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
              >
                <p className="font-medium">This company is suspended.</p>
                <p className="break-words">
                  {c.status_reason ? `Reason: ${c.status_reason}` : 'No reason was given.'}
                </p>
                <p className="text-muted-foreground">
                  Its members cannot work in it until it is activated again.
                </p>
              </div>
            )}
            <div className="grid gap-6 lg:grid-cols-2">
              <CompanyDetailsCard company={c} />
              <CompanyAppsCard company={c} />
            </div>
            <MembersCard
              kind="company"
              scopeId={c.company_id}
              description="People of this company and their company role."
              empty="No members yet. Add an existing user above; create new users in the Users tab."
            />
            <CompanyStatusDialog company={c} open={statusOpen} onOpenChange={setStatusOpen} />
            {confirmDelete.dialog}
          </>
        );
      }}
    </RecordView>
  );
}
