import type { UseQueryResult } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import { PAGE } from '../api/keys';
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
  /** The header cells, and one row (with its key) per item. */
  head: ReactNode;
  row: (item: T) => ReactNode;
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
  head,
  row,
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
            <Table>
              <TableHeader>
                <TableRow>{head}</TableRow>
              </TableHeader>
              <TableBody>{data.data.map(row)}</TableBody>
            </Table>
            <Pager offset={offset} limit={PAGE} total={data.meta.total} onChange={onOffsetChange} />
          </>
        )}
      </QueryView>
      {createDialog(creating, setCreating)}
    </div>
  );
}

export interface Choice {
  id: string;
  name: string;
}

/** The "All companies" filter of the apps and queues tabs. */
export function CompanyFilter({ value, onChange }: { value: Choice; onChange: (choice: Choice) => void }) {
  return (
    <CompanyPicker
      className="sm:w-56"
      value={value.id}
      selectedLabel={value.name}
      clearLabel="All companies"
      label="Filter by company"
      onChange={(id, name) => onChange({ id, name })}
    />
  );
}
