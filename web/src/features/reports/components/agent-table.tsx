import type { AgentPerformance } from '@inbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { type Column, DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { TitledCard } from '@/components/ui/card';
import { duration } from '../period';

/** A count or a median time, right-aligned, largest first on the first click. */
const figure = (
  head: string,
  value: (a: AgentPerformance) => number | null,
  show: (v: number | null) => string = String,
): Column<AgentPerformance> => ({
  head,
  headClassName: 'text-right',
  className: 'text-right tabular-nums',
  cell: (a) => show(value(a)),
  sortValue: value,
  descFirst: true,
});

const COLUMNS: Column<AgentPerformance>[] = [
  { head: 'Agent', className: 'font-medium', cell: (a) => a.name, sortValue: (a) => a.name.toLowerCase() },
  figure('Assigned', (a) => a.conversations_assigned),
  figure('Resolved', (a) => a.conversations_resolved),
  figure('Replies', (a) => a.messages_sent),
  figure('First response (median)', (a) => a.first_response_time.median_s, duration),
  figure('Resolution (median)', (a) => a.resolution_time.median_s, duration),
  // Contract section 14: ratings of the conversations the agent resolved.
  figure('Ratings', (a) => a.csat.responses),
  figure(
    'Avg rating',
    (a) => a.csat.average,
    (v) => (v === null ? '—' : v.toFixed(1)),
  ),
  figure(
    'Satisfied',
    (a) => a.csat.satisfied_pct,
    (v) => (v === null ? '—' : `${v}%`),
  ),
];

/** Agent performance, sortable by any column (empty times last whichever way). */
export function AgentTable({ query }: { query: UseQueryResult<AgentPerformance[]> }) {
  return (
    <TitledCard title="Agent performance">
      <QueryView
        query={query}
        loading="Loading agent performance"
        rows={3}
        empty={
          <EmptyState
            icon={UsersIcon}
            title="No agents to show"
            description="No one in these apps has worked in this period."
          />
        }
      >
        {(agents) => (
          <DataTable
            columns={COLUMNS}
            rows={agents}
            rowKey={(a) => a.user_id}
            label="Agent performance"
            defaultSort={{ head: 'Resolved', desc: true }}
          />
        )}
      </QueryView>
    </TitledCard>
  );
}
