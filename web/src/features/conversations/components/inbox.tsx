import { useQuery } from '@tanstack/react-query';
import { AppWindowIcon, BuildingIcon, MessagesSquareIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { labelsQuery } from '@/lib/labels';
import { useSession } from '@/lib/session';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import { cn } from '@/lib/utils';
import { conversationListQuery, inboxQueuesQuery } from '../api';
import { type InboxFilters, listParams, readFilters, writeFilters } from '../filters';
import { ListPane } from './list-pane';
import { ThreadPane } from './thread-pane';
import { useInboxKeyboard } from './use-inbox-keyboard';
import { useThread } from './use-thread';

/**
 * The agent inbox: the list on the left and the open conversation on the right; on a phone, the list or
 * the conversation. The company and app come from the session (the sidebar's switchers).
 */
export function Inbox({ selectedId }: { selectedId?: number }) {
  const { company, user, selectedAppId } = useSession();
  if (!company) {
    return (
      <div className="p-4 md:p-6">
        <EmptyState
          icon={BuildingIcon}
          title="No company yet"
          description="Conversations belong to a company. Ask an administrator to add you to one."
        />
      </div>
    );
  }
  if (!selectedAppId) {
    return (
      <div className="p-4 md:p-6">
        <EmptyState
          icon={AppWindowIcon}
          title="No apps yet"
          description="Conversations arrive through an app. Ask your company admin to add you to an app."
        />
      </div>
    );
  }
  return (
    <CompanyInbox
      key={company.company_id}
      cid={company.company_id}
      appId={selectedAppId}
      meId={user?.user_id}
      selectedId={selectedId}
    />
  );
}

interface CompanyInboxProps {
  cid: number;
  appId: number;
  meId: number | undefined;
  selectedId: number | undefined;
}

/** What "holds conversations" means for the first-open default: assigned to me, open or pending. */
const HELD: InboxFilters = {
  status: 'active',
  assignee: 'mine',
  queueId: undefined,
  search: '',
  sort: 'latest',
  priority: 'all',
  sla: 'all',
  page: 1,
};

function CompanyInbox({ cid, appId, meId, selectedId }: CompanyInboxProps) {
  const navigate = useNavigate();
  const [params, updateParams] = useSearchParamsLatest();
  const filters = readFilters(params);
  const queues = useQuery(inboxQueuesQuery(cid, appId));
  const appQueues = queues.data?.data ?? [];
  const labels = useQuery(labelsQuery(cid));
  // A queue of another app (the app was switched) does not narrow this app's list.
  const queueId =
    queues.data && !appQueues.some((q) => q.queue_id === filters.queueId) ? undefined : filters.queueId;
  const list = listParams({ ...filters, queueId }, appId, filters.search);
  const { limit: _limit, offset: _offset, after: _after, before: _before, ...bulkFilter } = list;

  const thread = useThread(cid, selectedId, list);
  // While a thread is open (and healthy) its poll refreshes the list too.
  const pollList = selectedId === undefined || thread.isError;
  // Until the assignment is chosen, the list waits for the first-open default below instead of flashing All.
  const chosen = params.has('assignee');
  const page = useQuery({ ...conversationListQuery(cid, list, pollList), enabled: chosen });

  // The inbox opens on Mine when the agent holds open or pending conversations, on All otherwise.
  const held = useQuery({
    ...conversationListQuery(cid, { ...listParams(HELD, appId, ''), limit: 1 }, false),
    enabled: !chosen,
  });
  useEffect(() => {
    if (chosen || (!held.data && !held.isError)) return;
    const assignee = (held.data?.total ?? 0) > 0 ? 'mine' : 'all';
    updateParams((prev) => (prev.has('assignee') ? prev : writeFilters(prev, { assignee })));
  }, [chosen, held.data, held.isError, updateParams]);

  const [searchText, setSearchText] = useState(filters.search);
  const debounced = useDebouncedValue(searchText.trim(), 300);
  const pushSearch = useEffectEvent((search: string) => {
    if (search !== filters.search) updateParams((prev) => writeFilters(prev, { search, page: 1 }));
  });
  // Only a new debounced value writes the URL. Comparing with the URL on every render would write the old text
  // back while 'Clear filters' waits out the debounce, and the list would flick empty again.
  useEffect(() => pushSearch(debounced), [debounced]);

  const setFilters = (next: Partial<InboxFilters>) => updateParams((prev) => writeFilters(prev, next));
  const clearFilters = () => {
    setSearchText('');
    // Everything, for everyone: a cleared view is All, not the first-open default again.
    updateParams(() => writeFilters(new URLSearchParams(), { assignee: 'all' }));
  };

  const query = params.toString() ? `?${params.toString()}` : '';
  const backTo = `/conversations${query}`;
  const paneRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const threadRef = useRef<HTMLElement>(null);
  const [help, setHelp] = useState(false);
  useInboxKeyboard({
    pane: paneRef,
    list: listRef,
    thread: threadRef,
    onBackToList: () => navigate(backTo),
    onHelp: () => setHelp(true),
  });

  return (
    <div className="flex h-[calc(100svh-3rem)] min-h-0 w-full overflow-hidden">
      <ListPane
        className={cn(
          'w-full border-r md:w-80 md:shrink-0 lg:w-96',
          selectedId !== undefined && 'hidden md:flex',
        )}
        cid={cid}
        bulkFilter={bulkFilter}
        filters={{ ...filters, queueId }}
        onFilters={setFilters}
        onClearFilters={clearFilters}
        searchText={searchText}
        onSearchText={setSearchText}
        queues={appQueues}
        labels={Array.isArray(labels.data) ? labels.data : []}
        rows={page.data?.conversations}
        total={page.data?.total ?? 0}
        capped={page.data?.capped ?? false}
        // While another page loads, the one still shown is not where "Next" or "Previous" start from.
        nextCursor={page.isPlaceholderData ? undefined : page.data?.nextCursor}
        prevCursor={page.isPlaceholderData ? undefined : page.data?.prevCursor}
        pending={page.isPending}
        fetching={page.isFetching}
        error={page.error}
        onRetry={() => page.refetch()}
        selectedId={selectedId}
        hrefFor={(id) => `/conversations/${id}${query}`}
        paneRef={paneRef}
        listRef={listRef}
        help={help}
        onHelp={setHelp}
      />
      {selectedId !== undefined ? (
        <ThreadPane
          key={selectedId}
          className="flex-1"
          cid={cid}
          conversationId={selectedId}
          thread={thread}
          meId={meId}
          backTo={backTo}
          onDeleted={() => navigate(backTo)}
          paneRef={threadRef}
        />
      ) : (
        <div className="hidden flex-1 items-center justify-center p-6 md:flex">
          <EmptyState
            icon={MessagesSquareIcon}
            title="Pick a conversation"
            description="Choose one from the list to read and reply. Keyboard: j and k move through the list, Enter opens."
            className="max-w-md border-none"
          />
        </div>
      )}
    </div>
  );
}
