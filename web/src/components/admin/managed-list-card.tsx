import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';

/**
 * An admin card over one list of records (auto-responders, integrations, API keys): a title with the add
 * button, then loading, error, empty or the rows; `children` holds the card's dialogs.
 */
export function ManagedListCard<T>({
  title,
  description,
  addLabel,
  onAdd,
  query,
  empty,
  item,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<T[]>;
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  /** One row: the record's `li`. */
  item: (row: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeaderWithAction
        title={title}
        description={description}
        action={
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden />
            {addLabel}
          </Button>
        }
      />
      <CardContent>
        <QueryView
          query={query}
          loading={`Loading ${title.toLowerCase()}`}
          rows={2}
          empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.description} />}
        >
          {(data) => (
            <ul className="divide-y" aria-label={title}>
              {data.map(item)}
            </ul>
          )}
        </QueryView>
      </CardContent>
      {children}
    </Card>
  );
}

/** The row layout of a `ManagedListCard`: what the record is, then its controls. */
export function ManagedRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
      <div className="flex flex-wrap items-center gap-1">{actions}</div>
    </li>
  );
}
