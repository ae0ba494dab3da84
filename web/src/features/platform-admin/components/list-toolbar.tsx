import type { ReactNode } from 'react';

/** Filters on the left, the create button on the right; stacked on narrow screens. */
export function ListToolbar({ filters, action }: { filters: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center">{filters}</div>
      {action}
    </div>
  );
}

export const shortDate = (iso: string) => new Date(iso).toLocaleDateString();
