import type { LabelReport } from '@inbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { TagIcon } from 'lucide-react';
import { type Column, DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { TitledCard } from '@/components/ui/card';
import { duration } from '../period';

/** A count or a median time, right-aligned, largest first on the first click (as the agent table). */
const figure = (
  head: string,
  value: (l: LabelReport) => number | null,
  show: (v: number | null) => string = String,
): Column<LabelReport> => ({
  head,
  headClassName: 'text-right',
  className: 'text-right tabular-nums',
  cell: (l) => show(value(l)),
  sortValue: value,
  descFirst: true,
});

const COLUMNS: Column<LabelReport>[] = [
  {
    head: 'Label',
    className: 'font-medium',
    cell: (l) => (
      <span className="inline-flex items-center gap-2">
        <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: l.color }} aria-hidden />
        {l.name}
      </span>
    ),
    sortValue: (l) => l.name.toLowerCase(),
  },
  figure('Started', (l) => l.conversations_created),
  figure('Resolved', (l) => l.conversations_resolved),
  figure('First response (median)', (l) => l.first_response_time.median_s, duration),
  figure('Resolution (median)', (l) => l.resolution_time.median_s, duration),
];

/** "By label": the conversations carrying each label now, with the period's counts and median times. */
export function LabelTable({ query }: { query: UseQueryResult<LabelReport[]> }) {
  return (
    <TitledCard title="By label">
      <QueryView
        query={query}
        loading="Loading the labels report"
        rows={3}
        empty={
          <EmptyState
            icon={TagIcon}
            title="No labels to show"
            description="No conversation carrying a label started or was resolved in this period."
          />
        }
      >
        {(labels) => (
          <DataTable
            columns={COLUMNS}
            rows={labels}
            rowKey={(l) => l.label_id}
            label="By label"
            defaultSort={{ head: 'Started', desc: true }}
          />
        )}
      </QueryView>
    </TitledCard>
  );
}
