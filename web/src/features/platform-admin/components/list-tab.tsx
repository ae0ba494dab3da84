import type { UseQueryResult } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PAGE } from '../api/keys';
import { type Choice, NO_CHOICE } from './link-adder';
import { ListToolbar } from './list-toolbar';
import { CompanyPicker } from './pickers';

interface ListTabProps<T> {
  /** The search box and pickers, left of the create button. */
  filters: ReactNode;
  /** The create button's text, and the dialog it opens. */
  createLabel: string;
  createDialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  list: UseQueryResult<{ data: T[]; meta: { total: number } }>;
  loadingLabel: string;
  empty: ComponentProps<typeof EmptyState>;
  columns: Column<T>[];
  rowKey: (item: T) => number;
  offset: number;
  onOffsetChange: (offset: number) => void;
}

/** The one shape of the platform-admin list tabs: filters and a create button, then a paged table. */
export function ListTab<T>({
  filters,
  createLabel,
  createDialog,
  list,
  loadingLabel,
  empty,
  columns,
  rowKey,
  offset,
  onOffsetChange,
}: ListTabProps<T>) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-4">
      <ListToolbar
        filters={filters}
        action={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            {createLabel}
          </Button>
        }
      />
      <QueryView query={list} loading={loadingLabel} empty={<EmptyState {...empty} />}>
        {(data) => (
          <>
            <DataTable columns={columns} rows={data.data} rowKey={rowKey} />
            <Pager offset={offset} limit={PAGE} total={data.meta.total} onChange={onOffsetChange} />
          </>
        )}
      </QueryView>
      {createDialog(creating, setCreating)}
    </div>
  );
}

/**
 * The "All companies" filter of the apps and queues tabs and the company it holds; `onChange` runs after a
 * new choice (back to the first page).
 */
export function useCompanyFilter(onChange: () => void) {
  const [company, setCompany] = useState<Choice>(NO_CHOICE);
  const filter = (
    <CompanyPicker
      className="sm:w-56"
      value={company.id}
      selectedLabel={company.name}
      clearLabel="All companies"
      label="Filter by company"
      onChange={(id, name) => {
        setCompany({ id, name });
        onChange();
      }}
    />
  );
  return { companyId: company.id ? Number(company.id) : undefined, filter };
}

/**
 * A row's first cell: the record's name linked to its page, with a muted line under it (on phones only when
 * that line repeats a column hidden there).
 */
export function NameCell({
  to,
  name,
  sub,
  phoneOnly,
}: {
  to: string;
  name: string;
  sub?: ReactNode;
  phoneOnly?: boolean;
}) {
  return (
    <>
      <Link to={to} className="block truncate font-medium hover:underline">
        {name}
      </Link>
      {sub && (
        <span className={cn('block truncate text-muted-foreground text-xs', phoneOnly && 'sm:hidden')}>
          {sub}
        </span>
      )}
    </>
  );
}
