import type { AgentPerformance } from '@inbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { TitledCard } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { duration } from '../period';

type Column = {
  key: string;
  label: string;
  value: (a: AgentPerformance) => number | string | null;
  show?: (a: AgentPerformance) => string;
  numeric?: boolean;
};

const COLUMNS: Column[] = [
  { key: 'name', label: 'Agent', value: (a) => a.name.toLowerCase(), show: (a) => a.name },
  { key: 'assigned', label: 'Assigned', value: (a) => a.conversations_assigned, numeric: true },
  { key: 'resolved', label: 'Resolved', value: (a) => a.conversations_resolved, numeric: true },
  { key: 'sent', label: 'Replies', value: (a) => a.messages_sent, numeric: true },
  {
    key: 'first',
    label: 'First response (median)',
    value: (a) => a.first_response_time.median_s,
    show: (a) => duration(a.first_response_time.median_s),
    numeric: true,
  },
  {
    key: 'resolution',
    label: 'Resolution (median)',
    value: (a) => a.resolution_time.median_s,
    show: (a) => duration(a.resolution_time.median_s),
    numeric: true,
  },
];

/** Agent performance, sortable by any column (empty times last whichever way). */
export function AgentTable({ query }: { query: UseQueryResult<AgentPerformance[]> }) {
  const [sort, setSort] = useState<{ key: string; desc: boolean }>({ key: 'resolved', desc: true });
  const column = COLUMNS.find((c) => c.key === sort.key) ?? COLUMNS[0]!;
  const rows = [...(query.data ?? [])].sort((x, y) => {
    const a = column.value(x);
    const b = column.value(y);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    const order = a < b ? -1 : a > b ? 1 : 0;
    return sort.desc ? -order : order;
  });
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
        {() => (
          <div className="overflow-x-auto">
            <Table aria-label="Agent performance">
              <TableHeader>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableHead
                      key={c.key}
                      className={c.numeric ? 'text-right' : ''}
                      aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-foreground"
                        onClick={() =>
                          setSort({
                            key: c.key,
                            desc: sort.key === c.key ? !sort.desc : c.numeric === true,
                          })
                        }
                      >
                        {c.label}
                        {sort.key === c.key &&
                          (sort.desc ? (
                            <ArrowDownIcon className="size-3" aria-hidden />
                          ) : (
                            <ArrowUpIcon className="size-3" aria-hidden />
                          ))}
                      </button>
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((a) => (
                  <TableRow key={a.user_id}>
                    {COLUMNS.map((c) => (
                      <TableCell
                        key={c.key}
                        className={c.numeric ? 'text-right tabular-nums' : 'font-medium'}
                      >
                        {c.show ? c.show(a) : String(c.value(a))}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </QueryView>
    </TitledCard>
  );
}
