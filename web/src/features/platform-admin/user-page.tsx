import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { TitledCard } from '@/components/ui/card';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { userDetailQuery } from './api/users';
import { shortDate } from './components/list-toolbar';
import { NotPlatformAdmin, PlatformFrame, PlatformNotFound } from './components/platform-frame';
import { RecordLoading } from './components/record-loading';
import { UserActions } from './components/user-actions';
import { UserBadges } from './components/user-badges';
import { UserAppsCard, UserCompaniesCard, UserQueuesCard } from './components/user-memberships';

const BACK = { to: '/platform-admin?tab=users', label: 'Users' };

export default function UserPage() {
  const { user } = useSession();
  const id = Number(useParams().userId);
  if (!user?.is_platform_admin) return <NotPlatformAdmin />;
  if (!Number.isInteger(id) || id <= 0) return <PlatformNotFound what="User" />;
  return <UserView id={id} selfId={user.user_id} />;
}

function UserView({ id, selfId }: { id: number; selfId: number }) {
  const detail = useQuery(userDetailQuery(id));
  if (detail.isPending) return <RecordLoading label="Loading user" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return <PlatformNotFound what="User" />;
    return (
      <PlatformFrame>
        <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
      </PlatformFrame>
    );
  }
  const u = detail.data;
  return (
    <PlatformFrame>
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
    </PlatformFrame>
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
