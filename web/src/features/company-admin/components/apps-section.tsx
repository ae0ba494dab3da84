import type { App } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { AppWindowIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { OptionSelect } from '@/components/option-select';
import { Pager } from '@/components/pager';
import { roleLabel } from '@/components/role-select';
import { ActiveBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { useListSearch } from '@/components/use-list-search';
import { APPS_PAGE, appsQuery } from '../api/apps';
import { AppFormDialog } from './app-form-dialog';
import { AppRowActions } from './app-row-actions';

type StatusFilter = 'all' | 'active' | 'inactive';
const APP_STATUSES: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All apps' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The apps table; the row actions depend on whether the viewer is a company admin. */
function appColumns(companyId: number, isCompanyAdmin: boolean): Column<App>[] {
  return [
    {
      head: 'Name',
      className: 'max-w-[12rem] whitespace-normal sm:max-w-sm',
      cell: (app) => (
        <>
          <Link to={`/admin/apps/${app.app_id}`} className="font-medium hover:underline">
            {app.app_name}
          </Link>
          {app.description && <p className="truncate text-muted-foreground text-xs">{app.description}</p>}
        </>
      ),
    },
    { head: 'Status', cell: (app) => <ActiveBadge active={app.is_active} /> },
    { head: 'Queues', from: 'sm', className: 'tabular-nums', cell: (app) => app.queues_count },
    { head: 'Members', from: 'sm', className: 'tabular-nums', cell: (app) => app.members_count },
    { head: 'Your role', from: 'md', cell: (app) => (app.role ? roleLabel(app.role) : '—') },
    {
      head: 'Actions',
      srOnly: true,
      headClassName: 'w-10',
      cell: (app) => <AppRowActions app={app} companyId={companyId} isCompanyAdmin={isCompanyAdmin} />,
    },
  ];
}

interface AppsSectionProps {
  companyId: number;
  isCompanyAdmin: boolean;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
}

export function AppsSection({ companyId, isCompanyAdmin, createOpen, onCreateOpenChange }: AppsSectionProps) {
  const { term, offset, setOffset, input: searchInput } = useListSearch('Search apps');
  const [status, setStatus] = useState<StatusFilter>('all');
  const filters = {
    search: term,
    is_active: status === 'all' ? undefined : status === 'active',
    offset,
  };
  const apps = useQuery(appsQuery(companyId, filters));
  // App admins and managers who are not company admins manage only their own apps here.
  const rows = (apps.data?.data ?? []).filter(
    (a) => isCompanyAdmin || a.role === 'admin' || a.role === 'manager',
  );
  const filtered = !!filters.search || status !== 'all';

  return (
    <Card>
      <CardHeaderWithAction
        title="Apps"
        description={
          isCompanyAdmin
            ? 'The brands or products of this company. Open an app to set up its queues and members.'
            : 'The apps you administer or manage.'
        }
        action={
          isCompanyAdmin && (
            <Button onClick={() => onCreateOpenChange(true)}>
              <PlusIcon aria-hidden />
              Create app
            </Button>
          )
        }
      />
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          {searchInput}
          <OptionSelect
            aria-label="Status"
            className="sm:w-40"
            value={status}
            options={APP_STATUSES}
            onValue={(v) => {
              setStatus(v as StatusFilter);
              setOffset(0);
            }}
          />
        </div>
        {apps.isPending ? (
          <ListSkeleton label="Loading apps" />
        ) : apps.isError ? (
          <ErrorState error={apps.error} onRetry={() => apps.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={AppWindowIcon}
            title={filtered ? 'No apps match' : 'No apps yet'}
            description={
              filtered
                ? 'Try another search or status.'
                : isCompanyAdmin
                  ? 'Create the first app to start receiving conversations.'
                  : 'You do not administer or manage any app of this company.'
            }
          />
        ) : (
          <>
            <DataTable columns={appColumns(companyId, isCompanyAdmin)} rows={rows} rowKey={(a) => a.app_id} />
            <Pager offset={offset} limit={APPS_PAGE} total={apps.data.meta.total} onChange={setOffset} />
          </>
        )}
      </CardContent>
      <AppFormDialog companyId={companyId} open={createOpen} onOpenChange={onCreateOpenChange} />
    </Card>
  );
}
