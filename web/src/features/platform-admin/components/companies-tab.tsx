import type { Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Building2Icon } from 'lucide-react';
import type { Column } from '@/components/data-table';
import { StatusBadge } from '@/components/tone-badge';
import { useListSearch } from '@/components/use-list-search';
import { companiesQuery } from '../api/companies';
import { CreateCompanyDialog } from './create-company-dialog';
import { ListTab, NameCell } from './list-tab';
import { shortDate } from './list-toolbar';

const COLUMNS: Column<Company>[] = [
  {
    head: 'Company',
    className: 'max-w-[14rem] sm:max-w-xs',
    cell: (c) => <NameCell to={`/platform-admin/company/${c.company_id}`} name={c.company_name} />,
  },
  { head: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
  { head: 'Timezone', from: 'md', className: 'text-muted-foreground', cell: (c) => c.timezone },
  { head: 'Apps', from: 'sm', className: 'tabular-nums', cell: (c) => c.apps_count },
  { head: 'Members', from: 'sm', className: 'tabular-nums', cell: (c) => c.members_count },
  { head: 'Created', from: 'lg', className: 'text-muted-foreground', cell: (c) => shortDate(c.created_at) },
];

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
      columns={COLUMNS}
      rowKey={(c) => c.company_id}
      offset={offset}
      onOffsetChange={setOffset}
    />
  );
}
