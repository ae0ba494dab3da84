import type { CompanyUser, ConversationPoll, ConversationSummary, Dashboard, Queue } from '@inbox/contract';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { unlessLive } from '../live/live-state';
import type { ListParams } from './filters';
import { mergeMessages, nextCursor, type ThreadData } from './thread-model';

/**
 * Without the live stream the list refreshes every 4 s and an open thread every 3 s (and then it brings the
 * list along); with it, events refresh them (features/live).
 */
export const LIST_POLL_MS = 4000;
export const THREAD_POLL_MS = 3000;
export const DASHBOARD_POLL_MS = 15_000;

/**
 * Keys start with ['company', companyId]: switching company never shows another company's inbox, and the
 * admin pages' invalidations of ['company', id, 'queues', appId] reach the queue filter too.
 */
export const inboxKeys = {
  all: (cid: number) => ['company', cid, 'conversations'] as const,
  lists: (cid: number) => ['company', cid, 'conversations', 'list'] as const,
  list: (cid: number, params: ListParams) => ['company', cid, 'conversations', 'list', params] as const,
  thread: (cid: number, id: number) => ['company', cid, 'conversations', 'thread', id] as const,
  dashboards: (cid: number) => ['company', cid, 'conversations', 'dashboard'] as const,
  dashboard: (cid: number, appId: number | null, limit: number) =>
    ['company', cid, 'conversations', 'dashboard', appId, limit] as const,
  queues: (cid: number, appId: number) => ['company', cid, 'queues', appId, 'inbox'] as const,
  users: (cid: number, search: string) => ['company', cid, 'users', 'inbox', search] as const,
};

export interface ConversationPage {
  conversations: ConversationSummary[];
  total: number;
  /** The server stopped counting at `total` (1,000 past the page): there are more. */
  capped: boolean;
  /** Where the next page starts (a full page only): it goes on after this page's last row. */
  nextCursor?: string;
  /** Where the previous page ends (past the first page): it holds the rows just before this page's first. */
  prevCursor?: string;
}

const pageOf = (data: ConversationPoll): ConversationPage => ({
  conversations: data.conversations,
  total: data.total,
  capped: data.total_capped ?? false,
  ...(data.next_cursor ? { nextCursor: data.next_cursor } : {}),
  ...(data.prev_cursor ? { prevCursor: data.prev_cursor } : {}),
});

const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 403);
const retryUnlessGone = (count: number, err: unknown) => !notFound(err) && count < 1;

/** GET /conversation/poll: one page of the inbox. While a thread is open its poll refreshes this instead. */
export const conversationListQuery = (cid: number, params: ListParams, poll: boolean) =>
  queryOptions({
    queryKey: inboxKeys.list(cid, params),
    queryFn: async ({ signal }): Promise<ConversationPage> => {
      const data = await api.get<ConversationPoll>('/conversation/poll', { query: { ...params }, signal });
      return pageOf(data);
    },
    // Polls only while the live stream is down; events refresh it otherwise.
    refetchInterval: poll ? unlessLive(LIST_POLL_MS) : false,
    staleTime: 2000,
    placeholderData: keepPreviousData,
  });

/**
 * The open conversation, polled with `last_message_id` so only new messages travel; the answer's list page
 * (for `list`, the filters on screen) lands in the list's cache, so one request a tick serves both panes.
 */
export const threadQuery = (cid: number, id: number, list: ListParams | null) =>
  queryOptions({
    queryKey: inboxKeys.thread(cid, id),
    queryFn: async ({ client, signal }): Promise<ThreadData> => {
      const prev = client.getQueryData<ThreadData>(inboxKeys.thread(cid, id));
      const page = list ?? { limit: 1, offset: 0 };
      // A reply still queued for its channel changes in place: without the live stream, only a poll of the
      // latest page (not just newer messages) shows it leave.
      const waiting = prev?.messages.some((m) => m.delivery?.status === 'queued');
      const data = await api.get<ConversationPoll>('/conversation/poll', {
        query: { ...page, conversation_id: id, last_message_id: waiting ? undefined : prev?.cursor },
        signal,
      });
      if (list) storeListPage(client, cid, list, data);
      const polled = data.messages ?? [];
      if (!data.conversation) throw new ApiError('Conversation not found', { status: 404 });
      // Earlier messages or a sent one may have joined while this poll was on its way: keep them.
      const now = client.getQueryData<ThreadData>(inboxKeys.thread(cid, id)) ?? prev;
      return {
        conversation: data.conversation,
        messages: mergeMessages(now?.messages ?? [], polled),
        typing: data.typing ?? [],
        cursor: nextCursor(now?.cursor, polled),
        hasOlder: data.has_older_messages ?? now?.hasOlder ?? false,
      };
    },
    refetchInterval: (query) => (query.state.status === 'error' ? false : unlessLive(THREAD_POLL_MS)()),
    staleTime: 1000,
    retry: retryUnlessGone,
  });

function storeListPage(client: QueryClient, cid: number, list: ListParams, data: ConversationPoll) {
  client.setQueryData(inboxKeys.list(cid, list), pageOf(data));
}

/** GET /dashboards: the counts and the latest conversations, refreshed every 15 s. */
export const dashboardQuery = (cid: number, appId: number | null, limit: number) =>
  queryOptions({
    queryKey: inboxKeys.dashboard(cid, appId, limit),
    queryFn: ({ signal }) =>
      api.get<Dashboard>('/dashboards', { query: { app_id: appId ?? undefined, limit }, signal }),
    refetchInterval: unlessLive(DASHBOARD_POLL_MS),
    staleTime: 5000,
  });

/** GET /queues?app_id=: the queues the caller can see in the app (filter and transfer targets). */
export const inboxQueuesQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: inboxKeys.queues(cid, appId),
    queryFn: ({ signal }) => api.list<Queue>('/queues', { query: { app_id: appId, limit: 100 }, signal }),
  });

/** GET /users?search=: colleagues to assign or transfer to. */
export const inboxUsersQuery = (cid: number, search: string) =>
  queryOptions({
    queryKey: inboxKeys.users(cid, search),
    queryFn: ({ signal }) =>
      api.list<CompanyUser>('/users', { query: { search: search || undefined, limit: 50 }, signal }),
    staleTime: 60_000,
  });
