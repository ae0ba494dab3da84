import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { TitledCard } from '@/components/ui/card';
import { userDetailQuery } from './api/users';
import { shortDate } from './components/list-toolbar';
import { PlatformRecordPage, RecordView } from './components/record-page';
import { UserActions } from './components/user-actions';
import { UserBadges } from './components/user-badges';
import { UserAppsCard, UserCompaniesCard, UserQueuesCard } from './components/user-memberships';

const BACK = { to: '/platform-admin?tab=users', label: 'Users' };

export default function UserPage() {
  return (
    <PlatformRecordPage
      what="User"
      param="userId"
      view={(id, selfId) => <UserView id={id} selfId={selfId} />}
    />
  );
}

function UserView({ id, selfId }: { id: number; selfId: number }) {
  const detail = useQuery(userDetailQuery(id));
  return (
    <RecordView what="User" query={detail}>
      {(u) => (
        <>
          <PageHeader
            back={BACK}
            title={u.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all">{u.email}</span>
                <UserBadges user={u} />
              </span>
            }
            actions={<UserActions user={u} isSelf={u.user_id === selfId} />}
          />
          <TitledCard title="Details">
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
              <Detail label="Initials" value={u.initials} />
              <Detail label="Status" value={u.status === 'active' ? 'Active' : 'Suspended'} />
              <Detail label="Companies" value={String(u.companies_count)} />
              <Detail label="Created" value={shortDate(u.created_at)} />
            </dl>
          </TitledCard>
          <div className="grid gap-6 lg:grid-cols-2">
            <UserCompaniesCard user={u} />
            <UserAppsCard user={u} />
          </div>
          <UserQueuesCard user={u} />
        </>
      )}
    </RecordView>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="space-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
