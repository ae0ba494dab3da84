import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { toastError } from '@/components/server-errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LinkAdder } from './link-adder';
import { LinkList } from './link-list';
import { UserPicker } from './pickers';

interface Member {
  user_id: number;
  name: string;
  email: string;
}

/** What to hand to `mutate`: on error a toast, and after an add, clear the form. */
type Callbacks = { onSuccess?: () => void; onError: (e: Error) => void };

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
  adding: boolean;
  busy: boolean;
  onAdd: (userId: number, role: R, callbacks: Callbacks) => void;
  onRoleChange: (userId: number, role: R, callbacks: Callbacks) => void;
  onRemove: (userId: number, callbacks: Callbacks) => void;
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
  adding,
  busy,
  onAdd,
  onRoleChange,
  onRemove,
}: MembersCardProps<M, R>) {
  const list = members.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <LinkAdder
          roles={roles}
          defaultRole={defaultRole}
          roleLabel={roleName}
          pending={adding}
          picker={(choice, setChoice) => (
            <UserPicker
              value={choice.id}
              selectedLabel={choice.name}
              exclude={list.map((m) => m.user_id)}
              onChange={(id, name) => setChoice({ id, name })}
            />
          )}
          onAdd={(user_id, role, done) =>
            onAdd(user_id, role, { onSuccess: done, onError: (e) => toastError(e) })
          }
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
            busy={busy}
            onRoleChange={(user_id, role) => onRoleChange(user_id, role, { onError: (e) => toastError(e) })}
            onRemove={(user_id) => onRemove(user_id, { onError: (e) => toastError(e) })}
          />
        )}
      </CardContent>
    </Card>
  );
}
