import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useListSearch } from '@/components/use-list-search';
import { usersQuery } from '../api/users';
import { CreateUserDialog } from './create-user-dialog';
import { ListTab } from './list-tab';
import { shortDate } from './list-toolbar';
import { UserBadges } from './user-badges';

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
      head={
        <>
          <TableHead>User</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden sm:table-cell">Companies</TableHead>
          <TableHead className="hidden md:table-cell">Created</TableHead>
        </>
      }
      row={(u) => (
        <TableRow key={u.user_id}>
          <TableCell className="max-w-[11rem] sm:max-w-xs">
            <Link
              to={`/platform-admin/user/${u.user_id}`}
              className="block truncate font-medium hover:underline"
            >
              {u.name}
            </Link>
            <p className="truncate text-muted-foreground text-xs">{u.email}</p>
          </TableCell>
          <TableCell>
            <UserBadges user={u} />
          </TableCell>
          <TableCell className="hidden tabular-nums sm:table-cell">{u.companies_count}</TableCell>
          <TableCell className="hidden text-muted-foreground md:table-cell">
            {shortDate(u.created_at)}
          </TableCell>
        </TableRow>
      )}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
