import type { AdminUser } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import type { Column } from '@/components/data-table';
import { useListSearch } from '@/components/use-list-search';
import { usersQuery } from '../api/users';
import { CreateUserDialog } from './create-user-dialog';
import { ListTab, NameCell } from './list-tab';
import { shortDate } from './list-toolbar';
import { UserBadges } from './user-badges';

const COLUMNS: Column<AdminUser>[] = [
  {
    head: 'User',
    className: 'max-w-[11rem] sm:max-w-xs',
    cell: (u) => <NameCell to={`/platform-admin/user/${u.user_id}`} name={u.name} sub={u.email} />,
  },
  { head: 'Status', cell: (u) => <UserBadges user={u} /> },
  { head: 'Companies', from: 'sm', className: 'tabular-nums', cell: (u) => u.companies_count },
  { head: 'Created', from: 'md', className: 'text-muted-foreground', cell: (u) => shortDate(u.created_at) },
];

export function UsersTab() {
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search users');
  const users = useQuery(usersQuery({ search: term, offset }));
  return (
    <ListTab
      filters={searchInput}
      createLabel="Create user"
      createDialog={(open, onOpenChange) => <CreateUserDialog open={open} onOpenChange={onOpenChange} />}
      list={users}
      loadingLabel="Loading users"
      empty={{ icon: UsersIcon, title: 'No users match', description: 'Try another name or email address.' }}
      columns={COLUMNS}
      rowKey={(u) => u.user_id}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
