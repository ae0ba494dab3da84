import type { ConversationSort, LabelRef, Queue } from '@inbox/contract';
import { OptionSelect } from '@/components/option-select';
import { RadioButtons } from '@/components/radio-buttons';
import { SearchInput } from '@/components/search-input';
import { cn } from '@/lib/utils';
import {
  ASSIGNEE_OPTIONS,
  type InboxFilters,
  PRIORITY_OPTIONS,
  type PriorityChoice,
  SLA_OPTIONS,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  type StatusFilter,
} from '../filters';

interface InboxFiltersBarProps {
  filters: InboxFilters;
  onChange: (next: Partial<InboxFilters>) => void;
  searchText: string;
  onSearchText: (text: string) => void;
  queues: Queue[];
  labels: LabelRef[];
}

/** Search, assignment (Mine / Unassigned / All), status, queue, priority and the order of the list. */
export function InboxFiltersBar({
  filters,
  onChange,
  searchText,
  onSearchText,
  queues,
  labels,
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
        <OptionSelect
          aria-label="Status"
          className="h-8"
          value={filters.status}
          options={STATUS_OPTIONS}
          onValue={(v) => onChange({ status: v as StatusFilter, page: 1 })}
        />
        <OptionSelect
          aria-label="Queue"
          className="h-8"
          value={filters.queueId ?? ''}
          none="All queues"
          options={queues.map((q) => ({ value: q.queue_id, label: q.queue_name }))}
          onValue={(v) => onChange({ queueId: Number(v) || undefined, page: 1 })}
        />
        <OptionSelect
          aria-label="Priority"
          className="h-8"
          value={filters.priority}
          options={PRIORITY_OPTIONS}
          onValue={(v) => onChange({ priority: v as PriorityChoice, page: 1 })}
        />
        <OptionSelect
          aria-label="SLA"
          className="h-8"
          value={filters.sla}
          options={SLA_OPTIONS}
          onValue={(v) => onChange({ sla: v as InboxFilters['sla'], page: 1 })}
        />
        <OptionSelect
          aria-label="Sort"
          className="h-8"
          value={filters.sort}
          options={SORT_OPTIONS.map((o) => ({ ...o, label: `Sort: ${o.label}` }))}
          onValue={(v) => onChange({ sort: v as ConversationSort, page: 1 })}
        />
        {labels.length > 0 && (
          <OptionSelect
            aria-label="Label"
            className="col-span-2 h-8"
            value={filters.labelId ?? ''}
            none="All labels"
            options={labels.map((l) => ({ value: l.label_id, label: l.name }))}
            onValue={(v) => onChange({ labelId: Number(v) || undefined, page: 1 })}
          />
        )}
      </div>
    </div>
  );
}
