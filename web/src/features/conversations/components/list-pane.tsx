import type { BulkFilterInput, ConversationSummary, LabelRef, Queue } from '@inbox/contract';
import { InboxIcon, SearchXIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { countLabel } from '@/lib/format';
import { cn } from '@/lib/utils';
import { emptyText, hasFilters, type InboxFilters, PAGE_SIZE } from '../filters';
import { BulkBar } from './bulk-bar';
import { ConversationRow } from './conversation-row';
import { InboxFiltersBar } from './inbox-filters';
import { RowCheckbox } from './row-checkbox';
import { ShortcutsHelp } from './shortcuts-help';
import { useBulkSelection } from './use-bulk-selection';
import { useNow } from './use-now';

interface ListPaneProps {
  cid: number;
  /** The list's filters without paging: what "Select all N matching" acts on. */
  bulkFilter: BulkFilterInput;
  filters: InboxFilters;
  onFilters: (next: Partial<InboxFilters>) => void;
  onClearFilters: () => void;
  searchText: string;
  onSearchText: (text: string) => void;
  queues: Queue[];
  labels: LabelRef[];
  rows: ConversationSummary[] | undefined;
  total: number;
  capped: boolean;
  /** Where the page after this one starts (`next_cursor`), when this page is full. */
  nextCursor: string | undefined;
  /** Where the page before this one ends (`prev_cursor`), past the first page. */
  prevCursor: string | undefined;
  pending: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  selectedId: number | undefined;
  hrefFor: (id: number) => string;
  paneRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLUListElement | null>;
  help: boolean;
  onHelp: (open: boolean) => void;
  className?: string;
}

/** The left pane: filters and the conversations, latest activity first, a page at a time. */
export function ListPane(p: ListPaneProps) {
  const now = useNow();
  const rows = p.rows ?? [];
  const tabbableId = rows.some((r) => r.conversation_id === p.selectedId)
    ? p.selectedId
    : rows[0]?.conversation_id;
  const empty = emptyText(p.filters);
  const selection = useBulkSelection(
    rows.map((r) => r.conversation_id),
    JSON.stringify(p.bulkFilter),
  );
  return (
    <section
      ref={p.paneRef}
      aria-label="Conversation list"
      className={cn('flex min-h-0 flex-col', p.className)}
    >
      <div className="space-y-3 border-b p-3">
        <div className="flex items-center gap-2">
          <h1 className="font-semibold text-lg tracking-tight">Conversations</h1>
          {p.rows && (
            <span className="text-muted-foreground text-sm" aria-live="polite">
              {countLabel(p.total, p.capped)}
            </span>
          )}
          {p.fetching && !p.pending && (
            <span
              className="size-1.5 animate-pulse rounded-full bg-primary"
              role="status"
              aria-label="Updating"
            />
          )}
          <span className="ml-auto">
            <ShortcutsHelp open={p.help} onOpenChange={p.onHelp} />
          </span>
        </div>
        <InboxFiltersBar
          filters={p.filters}
          onChange={p.onFilters}
          searchText={p.searchText}
          onSearchText={p.onSearchText}
          queues={p.queues}
          labels={p.labels}
        />
      </div>
      {rows.length > 0 && !p.pending && (
        <BulkBar
          cid={p.cid}
          selection={selection}
          pageCount={rows.length}
          total={p.total}
          capped={p.capped}
          filter={p.bulkFilter}
          queues={p.queues}
        />
      )}
      <div className="relative min-h-0 flex-1 overflow-y-auto">
        {p.pending ? (
          <div className="p-3">
            <ListSkeleton rows={8} label="Loading conversations" />
          </div>
        ) : p.error && !p.rows ? (
          <ErrorState error={p.error} onRetry={p.onRetry} className="m-3" />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={hasFilters(p.filters) ? SearchXIcon : InboxIcon}
            title={empty.title}
            description={empty.description}
            className="m-3"
            action={
              hasFilters(p.filters) ? (
                <Button variant="outline" size="sm" onClick={p.onClearFilters}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul ref={p.listRef} aria-label="Conversations">
            {rows.map((c) => (
              <li key={c.conversation_id} className="flex">
                <RowCheckbox
                  checked={selection.has(c.conversation_id)}
                  onChange={(on) => selection.toggle(c.conversation_id, on)}
                  label={`Select ${c.customer.name} (#${c.number})`}
                  className={c.conversation_id === p.selectedId ? 'bg-accent' : undefined}
                />
                <div className="min-w-0 flex-1">
                  <ConversationRow
                    conversation={c}
                    to={p.hrefFor(c.conversation_id)}
                    selected={c.conversation_id === p.selectedId}
                    tabbable={c.conversation_id === tabbableId}
                    now={now}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {!p.pending && p.rows && (
          <div className="px-3 pb-3">
            <Pager
              offset={(p.filters.page - 1) * PAGE_SIZE}
              limit={PAGE_SIZE}
              total={p.total}
              capped={p.capped}
              onChange={(offset) => {
                const page = offset / PAGE_SIZE + 1;
                // The next page goes on after this one's last row and the previous one ends before its first,
                // however the list moved meanwhile; the first page and others are counted from the top.
                const after = page === p.filters.page + 1 ? p.nextCursor : undefined;
                const before = page === p.filters.page - 1 && page > 1 ? p.prevCursor : undefined;
                p.onFilters({ page, ...(after ? { after } : before ? { before } : {}) });
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
