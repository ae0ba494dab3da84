import type { Queue } from '@inbox/contract';
import { RadioButtons } from '@/components/radio-buttons';
import { SearchInput } from '@/components/search-input';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { ASSIGNEE_OPTIONS, type InboxFilters, STATUS_OPTIONS, type StatusFilter } from '../filters';

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
      <RadioButtons
        aria-label="Assignment"
        options={ASSIGNEE_OPTIONS}
        value={filters.assignee}
        onChange={(assignee) => onChange({ assignee, page: 1 })}
        className="grid grid-cols-3 gap-0.5 rounded-lg bg-muted p-[3px] text-sm"
        buttonClassName={(active) =>
          cn(
            'h-7 rounded-md px-2 font-medium',
            active
              ? 'bg-background text-foreground shadow-sm dark:bg-input/40'
              : 'text-muted-foreground hover:text-foreground',
          )
        }
      />
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
