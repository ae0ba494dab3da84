import { useQuery } from '@tanstack/react-query';
import { AppWindowIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge } from '@/components/tone-badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useListSearch } from '@/components/use-list-search';
import { adminAppsQuery } from '../api/apps';
import { CreateAppDialog } from './create-app-dialog';
import { CompanyFilter, ListTab } from './list-tab';
import { useCompanyNames } from './lookups';

export function AppsTab() {
  const [company, setCompany] = useState({ id: '', name: '' });
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search apps');
  const companyId = company.id ? Number(company.id) : undefined;
  const apps = useQuery(adminAppsQuery({ company_id: companyId, search: term, offset }));
  const companyName = useCompanyNames();
  const filtered = !!term || !!companyId;
  return (
    <ListTab
      filters={
        <>
          <CompanyFilter
            value={company}
            onChange={(choice) => {
              setCompany(choice);
              setOffset(0);
            }}
          />
          {searchInput}
        </>
      }
      createLabel="Create app"
      createDialog={(open, onOpenChange) => <CreateAppDialog open={open} onOpenChange={onOpenChange} />}
      list={apps}
      loadingLabel="Loading apps"
      empty={{
        icon: AppWindowIcon,
        title: filtered ? 'No apps match' : 'No apps yet',
        description: filtered ? 'Try another company or search.' : 'Create an app for one of your companies.',
      }}
      head={
        <>
          <TableHead>App</TableHead>
          <TableHead className="hidden sm:table-cell">Company</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Queues</TableHead>
          <TableHead className="hidden md:table-cell">Members</TableHead>
        </>
      }
      row={(a) => (
        <TableRow key={a.app_id}>
          <TableCell className="max-w-[12rem] sm:max-w-xs">
            <Link
              to={`/platform-admin/app/${a.app_id}`}
              className="block truncate font-medium hover:underline"
            >
              {a.app_name}
            </Link>
            <span className="block truncate text-muted-foreground text-xs sm:hidden">
              {companyName(a.company_id)}
            </span>
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <Link
              to={`/platform-admin/company/${a.company_id}`}
              className="text-muted-foreground hover:underline"
            >
              {companyName(a.company_id)}
            </Link>
          </TableCell>
          <TableCell>
            <ActiveBadge active={a.is_active} />
          </TableCell>
          <TableCell className="hidden tabular-nums md:table-cell">{a.queues_count}</TableCell>
          <TableCell className="hidden tabular-nums md:table-cell">{a.members_count}</TableCell>
        </TableRow>
      )}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
