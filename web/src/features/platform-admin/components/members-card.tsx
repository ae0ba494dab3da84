import { APP_ROLES, COMPANY_ROLES } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { TitledCard } from '@/components/ui/card';
import { type MemberScope, membersQuery, useMembershipLink } from '../api/memberships';
import { LinkAdder } from './link-adder';
import { LinkList } from './link-list';
import { UserPicker } from './pickers';

const ROLES = { company: COMPANY_ROLES, app: APP_ROLES };

/** The people of a company or an app, with their role there: add, change the role, remove. */
export function MembersCard({
  kind,
  scopeId,
  description,
  empty,
}: {
  kind: MemberScope;
  scopeId: number;
  description: string;
  empty: string;
}) {
  const members = useQuery(membersQuery(kind, scopeId));
  const link = useMembershipLink(kind);
  const roleName = kind === 'app' ? 'App role' : 'Company role';
  const list = members.data?.data ?? [];
  return (
    <TitledCard title="Members" description={description} contentClassName="space-y-4">
      <LinkAdder
        roles={ROLES[kind]}
        defaultRole="agent"
        roleLabel={roleName}
        pending={link.adding}
        picker={(choice, setChoice) => (
          <UserPicker
            value={choice.id}
            selectedLabel={choice.name}
            exclude={list.map((m) => m.user_id)}
            onChange={(id, name) => setChoice({ id, name })}
          />
        )}
        onAdd={(userId, role, done) => link.change('add', userId, scopeId, role, done)}
      />
      {members.isPending ? (
        <ListSkeleton rows={3} label="Loading members" />
      ) : members.isError ? (
        <ErrorState
          error={members.error}
          fallback={`The members of this ${kind} could not be loaded.`}
          onRetry={() => members.refetch()}
        />
      ) : (
        <LinkList
          rows={list.map((m) => ({
            key: m.user_id,
            name: m.name,
            title: (
              <Link to={`/platform-admin/user/${m.user_id}`} className="hover:underline">
                {m.name}
              </Link>
            ),
            subtitle: m.email,
            role: m.role,
          }))}
          roles={ROLES[kind]}
          roleLabel={(name) => `${roleName} of ${name}`}
          removeLabel={(name) => `Remove ${name} from the ${kind}`}
          empty={empty}
          busy={link.busy}
          onRoleChange={(userId, role) => link.change('update', userId, scopeId, role)}
          onRemove={(userId) => link.change('remove', userId, scopeId)}
        />
      )}
    </TitledCard>
  );
}
