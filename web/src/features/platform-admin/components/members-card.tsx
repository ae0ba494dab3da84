import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { TitledCard } from '@/components/ui/card';
import type { MembershipLink } from '../api/memberships';
import { LinkAdder } from './link-adder';
import { LinkList } from './link-list';
import { UserPicker } from './pickers';

interface Member {
  user_id: number;
  name: string;
  email: string;
}

interface MembersCardProps<M extends Member, R extends string> {
  members: UseQueryResult<{ data: M[] }>;
  description: string;
  /** What the members belong to, in sentences: `app`, `company`. */
  noun: string;
  /** `App role`, `Company role`. */
  roleName: string;
  roles: readonly R[];
  defaultRole: R;
  roleOf: (m: M) => R;
  empty: string;
  /** The membership of this company or app (`scopeId`). */
  link: MembershipLink<R>;
  scopeId: number;
}

/** The people of a company or an app, with their role: add, change the role, remove. */
export function MembersCard<M extends Member, R extends string>({
  members,
  description,
  noun,
  roleName,
  roles,
  defaultRole,
  roleOf,
  empty,
  link,
  scopeId,
}: MembersCardProps<M, R>) {
  const list = members.data?.data ?? [];
  return (
    <TitledCard title="Members" description={description} contentClassName="space-y-4">
      <LinkAdder
        roles={roles}
        defaultRole={defaultRole}
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
          fallback={`The members of this ${noun} could not be loaded.`}
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
            role: roleOf(m),
          }))}
          roles={roles}
          roleLabel={(name) => `${roleName} of ${name}`}
          removeLabel={(name) => `Remove ${name} from the ${noun}`}
          empty={empty}
          busy={link.busy}
          onRoleChange={(userId, role) => link.change('update', userId, scopeId, role)}
          onRemove={(userId) => link.change('remove', userId, scopeId)}
        />
      )}
    </TitledCard>
  );
}
