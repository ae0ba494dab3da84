import { COMPANY_ROLES } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Trash2Icon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { RoleSelect } from '@/components/role-select';
import { toastError } from '@/components/server-errors';
import { StatusBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>User</TableHead>
                    <TableHead>Role</TableHead>
                    <TableHead className="hidden sm:table-cell">Status</TableHead>
                    <TableHead className="w-10">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.data.map((u) => {
                    const self = u.user_id === currentUserId;
                    return (
                      <TableRow key={u.user_id}>
                        <TableCell className="max-w-[10rem] sm:max-w-xs">
                          <p className="truncate font-medium">
                            {u.name}
                            {self && <span className="font-normal text-muted-foreground"> (you)</span>}
                          </p>
                          <p className="truncate text-muted-foreground text-xs">{u.email}</p>
                        </TableCell>
                        <TableCell>
                          <RoleSelect
                            label={`Company role of ${u.name}`}
                            value={u.company_role}
                            roles={COMPANY_ROLES}
                            disabled={self || updateRole.isPending}
                            onChange={(role) =>
                              updateRole.mutate(
                                { userId: u.user_id, role },
                                { onError: (e) => toastError(e) },
                              )
                            }
                            className="w-32"
                          />
                        </TableCell>
                        <TableCell className="hidden sm:table-cell">
                          <StatusBadge status={u.status} />
                        </TableCell>
                        <TableCell>
                          {!self && (
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Remove ${u.name}`}
                              onClick={() => confirmDelete.ask(u)}
                            >
                              <Trash2Icon />
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
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
