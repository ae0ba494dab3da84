import type { App } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { AppWindowIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { ActiveBadge } from '@/components/tone-badge';
import { useListSearch } from '@/components/use-list-search';
import { adminAppsQuery } from '../api/apps';
import { CreateAppDialog } from './create-app-dialog';
import { ListTab, NameCell, useCompanyFilter } from './list-tab';
import { useCompanyNames } from './lookups';

/** The columns, with the company's name (shown under the app's on a phone, where its column is hidden). */
function appColumns(companyName: (id: number) => string): Column<App>[] {
  return [
    {
      head: 'App',
      className: 'max-w-[12rem] sm:max-w-xs',
      cell: (a) => (
        <NameCell
          to={`/platform-admin/app/${a.app_id}`}
          name={a.app_name}
          sub={companyName(a.company_id)}
          phoneOnly
        />
      ),
    },
    {
      head: 'Company',
      from: 'sm',
      cell: (a) => (
        <Link
          to={`/platform-admin/company/${a.company_id}`}
          className="text-muted-foreground hover:underline"
        >
          {companyName(a.company_id)}
        </Link>
      ),
    },
    { head: 'Status', cell: (a) => <ActiveBadge active={a.is_active} /> },
    { head: 'Queues', from: 'md', className: 'tabular-nums', cell: (a) => a.queues_count },
    { head: 'Members', from: 'md', className: 'tabular-nums', cell: (a) => a.members_count },
  ];
}

export function AppsTab() {
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search apps');
  const { companyId, filter } = useCompanyFilter(() => setOffset(0));
  const apps = useQuery(adminAppsQuery({ company_id: companyId, search: term, offset }));
  const companyName = useCompanyNames();
  const filtered = !!term || !!companyId;
  return (
    <ListTab
      filters={
        <>
          {filter}
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
      columns={appColumns(companyName)}
      rowKey={(a) => a.app_id}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
