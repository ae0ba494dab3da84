import { useQuery } from '@tanstack/react-query';
import { Building2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/tone-badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useListSearch } from '@/components/use-list-search';
import { companiesQuery } from '../api/companies';
import { CreateCompanyDialog } from './create-company-dialog';
import { ListTab } from './list-tab';
import { shortDate } from './list-toolbar';

export function CompaniesTab() {
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search companies');
  const companies = useQuery(companiesQuery({ search: term, offset }));
  return (
    <ListTab
      filters={searchInput}
      createLabel="Create company"
      createDialog={(open, onOpenChange) => <CreateCompanyDialog open={open} onOpenChange={onOpenChange} />}
      list={companies}
      loadingLabel="Loading companies"
      empty={{
        icon: Building2Icon,
        title: term ? 'No companies match' : 'No companies yet',
        description: term ? 'Try another name.' : 'Create the first company, then give it apps and members.',
      }}
      head={
        <>
          <TableHead>Company</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Timezone</TableHead>
          <TableHead className="hidden sm:table-cell">Apps</TableHead>
          <TableHead className="hidden sm:table-cell">Members</TableHead>
          <TableHead className="hidden lg:table-cell">Created</TableHead>
        </>
      }
      row={(c) => (
        <TableRow key={c.company_id}>
          <TableCell className="max-w-[14rem] truncate sm:max-w-xs">
            <Link to={`/platform-admin/company/${c.company_id}`} className="font-medium hover:underline">
              {c.company_name}
            </Link>
          </TableCell>
          <TableCell>
            <StatusBadge status={c.status} />
          </TableCell>
          <TableCell className="hidden text-muted-foreground md:table-cell">{c.timezone}</TableCell>
          <TableCell className="hidden tabular-nums sm:table-cell">{c.apps_count}</TableCell>
          <TableCell className="hidden tabular-nums sm:table-cell">{c.members_count}</TableCell>
          <TableCell className="hidden text-muted-foreground lg:table-cell">
            {shortDate(c.created_at)}
          </TableCell>
        </TableRow>
      )}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
