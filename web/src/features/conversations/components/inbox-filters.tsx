import type { Queue } from '@inbox/contract';
import { SearchInput } from '@/components/search-input';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import {
  ASSIGNEE_OPTIONS,
  type AssigneeFilter,
  type InboxFilters,
  STATUS_OPTIONS,
  type StatusFilter,
} from '../filters';

interface InboxFiltersBarProps {
  filters: InboxFilters;
  onChange: (next: Partial<InboxFilters>) => void;
  searchText: string;
  onSearchText: (text: string) => void;
  queues: Queue[];
}

/** Search, assignment (Mine / Unassigned / All), status and queue: everything that narrows the list. */
export function InboxFiltersBar({
  filters,
  onChange,
  searchText,
  onSearchText,
  queues,
}: InboxFiltersBarProps) {
  return (
    <div className="space-y-2">
      <SearchInput
        label="Search conversations"
        value={searchText}
        onChange={(e) => onSearchText(e.target.value)}
        className="sm:max-w-none"
      />
      <div
        role="radiogroup"
        aria-label="Assignment"
        className="grid grid-cols-3 gap-0.5 rounded-lg bg-muted p-[3px] text-sm"
      >
        {ASSIGNEE_OPTIONS.map((o) => {
          const active = filters.assignee === o.value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one row of buttons
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => onChange({ assignee: o.value as AssigneeFilter, page: 1 })}
              className={cn(
                'h-7 rounded-md px-2 font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                active
                  ? 'bg-background text-foreground shadow-sm dark:bg-input/40'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {o.label}
            </button>
          );
        })}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <NativeSelect
          aria-label="Status"
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value as StatusFilter, page: 1 })}
          className="h-8"
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Queue"
          value={filters.queueId ?? ''}
          onChange={(e) => onChange({ queueId: Number(e.target.value) || undefined, page: 1 })}
          className="h-8"
        >
          <option value="">All queues</option>
          {queues.map((q) => (
            <option key={q.queue_id} value={q.queue_id}>
              {q.queue_name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
