import { COMPANY_ROLES, type CompanyUser } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Trash2Icon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { type Column, DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { RoleSelect } from '@/components/role-select';
import { toastError } from '@/components/server-errors';
import { StatusBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { useListSearch } from '@/components/use-list-search';
import { companyUsersQuery, USERS_PAGE, useRemoveCompanyUser, useUpdateCompanyUser } from '../api/users';
import { AddUserDialog } from './add-user-dialog';

export function UsersSection({ companyId, currentUserId }: { companyId: number; currentUserId?: number }) {
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search users');
  const [adding, setAdding] = useState(false);
  const users = useQuery(companyUsersQuery(companyId, { search: term, offset }));
  const updateRole = useUpdateCompanyUser(companyId);
  const remove = useRemoveCompanyUser(companyId);
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'user',
    name: (x) => x.name,
    verb: 'Remove',
    description:
      'They lose access to this company, its apps and its queues. Their account stays, and they can be added again later.',
  });

  const isSelf = (u: CompanyUser) => u.user_id === currentUserId;
  const columns: Column<CompanyUser>[] = [
    {
      head: 'User',
      className: 'max-w-[10rem] sm:max-w-xs',
      cell: (u) => (
        <>
          <p className="truncate font-medium">
            {u.name}
            {isSelf(u) && <span className="font-normal text-muted-foreground"> (you)</span>}
          </p>
          <p className="truncate text-muted-foreground text-xs">{u.email}</p>
        </>
      ),
    },
    {
      head: 'Role',
      cell: (u) => (
        <RoleSelect
          label={`Company role of ${u.name}`}
          value={u.company_role}
          roles={COMPANY_ROLES}
          disabled={isSelf(u) || updateRole.isPending}
          onChange={(role) =>
            updateRole.mutate({ userId: u.user_id, role }, { onError: (e) => toastError(e) })
          }
          className="w-32"
        />
      ),
    },
    { head: 'Status', from: 'sm', cell: (u) => <StatusBadge status={u.status} /> },
    {
      head: 'Actions',
      srOnly: true,
      headClassName: 'w-10',
      cell: (u) =>
        !isSelf(u) && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${u.name}`}
            onClick={() => confirmDelete.ask(u)}
          >
            <Trash2Icon />
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeaderWithAction
        title="Users"
        description="Members of this company. Admins manage everything; managers and agents work in the apps they are given."
        action={
          <Button onClick={() => setAdding(true)}>
            <UserPlusIcon aria-hidden />
            Add user
          </Button>
        }
      />
      <CardContent className="space-y-4">
        {searchInput}
        <QueryView
          query={users}
          loading="Loading users"
          empty={
            <EmptyState
              icon={UsersIcon}
              title={term ? 'No users match' : 'No users yet'}
              description={term ? 'Try another name or email.' : 'Add the people who answer your customers.'}
            />
          }
        >
          {(data) => (
            <>
              <DataTable columns={columns} rows={data.data} rowKey={(u) => u.user_id} />
              <Pager offset={offset} limit={USERS_PAGE} total={data.meta.total} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </CardContent>
      <AddUserDialog companyId={companyId} open={adding} onOpenChange={setAdding} />
      {confirmDelete.dialog}
    </Card>
  );
}
