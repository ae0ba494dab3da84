import { CUSTOMER_SORTS, type CustomerSort } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { ContactIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { OptionSelect } from '@/components/option-select';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { SearchInput } from '@/components/search-input';
import { Card, CardContent } from '@/components/ui/card';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { relativeTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import { isEditable, moveRowFocus, overlayOpen } from '../conversations/components/use-inbox-keyboard';
import { CUSTOMERS_PAGE, customersQuery } from './api';

const SORT_LABELS: Record<CustomerSort, string> = {
  '-last_activity': 'Latest activity',
  last_activity: 'Oldest activity',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-created': 'Newest',
  created: 'Oldest',
};
const OPEN_OPTIONS = [
  { value: '', label: 'All customers' },
  { value: 'true', label: 'With open conversations' },
  { value: 'false', label: 'Without open conversations' },
];

/** The filters live in the URL, so a filtered list can be shared and survives a reload. */
function useCustomerFilters() {
  const [params, setParams] = useSearchParamsLatest();
  const sort = params.get('sort') as CustomerSort | null;
  const filters = {
    search: params.get('search') ?? '',
    appId: Number(params.get('app_id')) || undefined,
    hasOpen: params.get('has_open') ?? '',
    sort: sort && CUSTOMER_SORTS.includes(sort) ? sort : ('-last_activity' as const),
    offset: Math.max(0, Number(params.get('offset')) || 0),
  };
  const set = (next: Record<string, string | number | undefined>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === '' || v === 0) p.delete(k);
        else p.set(k, String(v));
      }
      // Anything but paging starts again at the first page.
      if (!('offset' in next)) p.delete('offset');
      return p;
    });
  return { filters, set };
}

export default function CustomersPage() {
  const { company } = useSession();
  const { filters, set } = useCustomerFilters();
  const [text, setText] = useState(filters.search);
  const term = useDebouncedValue(text.trim());
  const list = useRef<HTMLUListElement>(null);
  const cid = company?.company_id ?? 0;
  const customers = useQuery({
    ...customersQuery(cid, {
      search: filters.search || undefined,
      app_id: filters.appId,
      has_open: filters.hasOpen === '' ? undefined : filters.hasOpen === 'true',
      sort: filters.sort,
      offset: filters.offset,
    }),
    enabled: !!company,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search term moves the URL.
  useEffect(() => {
    if (term !== filters.search) set({ search: term });
  }, [term]);

  // j and k move between customers anywhere on the page, as in the inbox; Enter opens the focused one.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || isEditable(document.activeElement) || overlayOpen()) return;
      if (e.key === 'j') moveRowFocus(list.current, 1);
      else if (e.key === 'k') moveRowFocus(list.current, -1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const arrows = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveRowFocus(list.current, e.key === 'ArrowDown' ? 1 : -1);
    }
  };

  const filtered = !!(filters.search || filters.appId || filters.hasOpen);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
      <PageHeader
        title="Customers"
        description="Everyone who wrote to your apps, with their conversations."
      />
      <Card>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 md:flex-row md:items-center">
            <SearchInput
              label="Search customers"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="md:max-w-sm"
            />
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 md:ml-auto">
              <OptionSelect
                aria-label="App"
                className="h-9"
                value={filters.appId ?? ''}
                none="All apps"
                options={(company?.apps ?? []).map((a) => ({ value: a.app_id, label: a.app_name }))}
                onValue={(v) => set({ app_id: v })}
              />
              <OptionSelect
                aria-label="Open conversations"
                className="h-9"
                value={filters.hasOpen}
                options={OPEN_OPTIONS}
                onValue={(v) => set({ has_open: v })}
              />
              <OptionSelect
                aria-label="Sort by"
                className="h-9"
                value={filters.sort}
                options={CUSTOMER_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
                onValue={(v) => set({ sort: v === '-last_activity' ? '' : v })}
              />
            </div>
          </div>
          <QueryView
            query={customers}
            loading="Loading customers"
            rows={6}
            empty={
              <EmptyState
                icon={ContactIcon}
                title={filtered ? 'No customers match' : 'No customers yet'}
                description={
                  filtered
                    ? 'Try another name, email or phone, or clear the filters.'
                    : 'Customers appear here when they start a chat through your portal.'
                }
              />
            }
          >
            {(data) => (
              <>
                <div className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_6rem_7rem] gap-3 border-b px-3 pb-2 font-medium text-muted-foreground text-xs lg:grid">
                  <span>Name and email</span>
                  <span>Phone</span>
                  <span>Apps</span>
                  <span className="text-right">Conversations</span>
                  <span className="text-right">Last activity</span>
                </div>
                <ul ref={list} aria-label="Customers" className="-mx-1 divide-y" onKeyDown={arrows}>
                  {data.data.map((c) => (
                    <li key={c.customer_id}>
                      <Link
                        to={`/customers/${c.customer_id}`}
                        data-row
                        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 rounded-md px-3 py-2.5 outline-none hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring lg:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_6rem_7rem] lg:items-center"
                      >
                        <span className="min-w-0">
                          <span className="block truncate font-medium">{c.name}</span>
                          <span className="block truncate text-muted-foreground text-xs">
                            {c.email ?? 'No email'}
                          </span>
                        </span>
                        <span className="truncate text-muted-foreground text-sm max-lg:hidden">
                          {c.phone ?? '—'}
                        </span>
                        <span className="truncate text-muted-foreground text-sm max-lg:hidden">
                          {c.apps.map((a) => a.app_name).join(', ') || '—'}
                        </span>
                        <span className="text-right text-sm tabular-nums max-lg:row-span-2 max-lg:self-center">
                          {c.conversations_count}
                          {c.open_conversations_count > 0 && (
                            <span className="block text-muted-foreground text-xs">
                              {c.open_conversations_count} open
                            </span>
                          )}
                        </span>
                        <span className="text-muted-foreground text-xs lg:text-right">
                          {c.last_activity_ts ? relativeTime(c.last_activity_ts) : 'No activity'}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <Pager
                  offset={filters.offset}
                  limit={CUSTOMERS_PAGE}
                  total={data.meta.total}
                  capped={data.meta.total_capped === true}
                  onChange={(offset) => set({ offset })}
                />
              </>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </div>
  );
}
