import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';

/** A list, or a list answer (`{ data: [...] }`), with nothing in it. */
const holdsNothing = (data: unknown) => {
  const list = Array.isArray(data) ? data : (data as { data?: unknown })?.data;
  return Array.isArray(list) && list.length === 0;
};

/**
 * A query's states, the same way on every page: skeleton rows while it loads (`loading` names them for
 * screen readers; `placeholder` replaces them), the server's sentence with Try again when it fails,
 * `empty` when the list holds nothing, and otherwise what `children` makes of the data.
 */
export function QueryView<T>({
  query,
  loading,
  rows,
  placeholder,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  rows?: number;
  placeholder?: ReactNode;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return placeholder ?? <ListSkeleton label={loading} rows={rows} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (empty !== undefined && holdsNothing(query.data)) return empty;
  return children(query.data);
}

/** A quiet line where a short list inside a card or dialog holds nothing yet. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm">
      {children}
    </p>
  );
}
