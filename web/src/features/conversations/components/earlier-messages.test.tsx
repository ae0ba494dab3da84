import type { ConsoleMessage, ConversationSummary } from '@inbox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox } from './inbox';
import { signInTestAgent } from './test-session';

const now = new Date().toISOString();
const row: ConversationSummary = {
  conversation_id: 11,
  number: 11,
  app_id: 7,
  app_name: 'Store',
  queue_id: 2,
  queue_name: 'Orders',
  channel: 'portal',
  status: 'open',
  is_resolved: false,
  customer: { customer_id: 5, name: 'Customer 11', email: 'c11@example.com' },
  assigned_user: null,
  labels: [],
  last_message: null,
  verified: true,
  unread_count: 0,
  created_ts: now,
  updated_ts: now,
  priority: null,
  waiting_since_ts: null,
  snoozed_until_ts: null,
  sla: null,
};
const conversation = {
  ...row,
  customer: { ...row.customer, phone: null },
  first_reply_ts: null,
  waiting_since_ts: null,
  resolved_ts: null,
  can_delete: false,
};
const message = (id: number): ConsoleMessage => ({
  message_id: id,
  conversation_id: 11,
  sender_type: id % 2 ? 'customer' : 'agent',
  sender_name: id % 2 ? 'Customer 11' : 'Sam',
  content: `message ${id}`,
  content_type: 'text',
  created_ts: now,
  attachments: [],
  is_private: id % 10 === 0,
  sender_user_id: id % 2 ? null : 1,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

let calls: string[] = [];
let newest = 120;
let failBefore = false;
let holdBefore: Promise<void> | null = null;

/** The server's poll over a thread of messages 1..`newest`, 50 a page. */
function fakeFetch() {
  return vi.fn(async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(url.pathname + url.search);
    const ok = (data: unknown, extra: object = {}) =>
      new Response(JSON.stringify({ success: true, data, ...extra }), { status: 200 });
    const q = (name: string) => Number(url.searchParams.get(name)) || undefined;
    const list = { conversations: [row], total: 1 };
    if (url.pathname === '/api/v1/queues') return ok([], { meta: { total: 0, limit: 100, offset: 0 } });
    // The note's `@` picker asks who can see the conversation: nobody else here.
    if (url.pathname === '/api/v1/conversation/mentionable') return ok([]);
    if (url.pathname !== '/api/v1/conversation/poll') return ok({});
    if (!q('conversation_id')) return ok(list);
    const thread = { ...list, conversation, typing: [] };
    const after = q('last_message_id');
    if (after) return ok({ ...thread, messages: range(after + 1, newest) });
    const before = q('before_message_id') ?? newest + 1;
    if (q('before_message_id')) {
      await holdBefore;
      if (failBefore) return new Response('{"success":false}', { status: 500 });
    }
    const from = Math.max(1, before - 50);
    const answer = { messages: range(from, before - 1), has_older_messages: from > 1 };
    return ok({ ...thread, ...answer });
  });
}

function renderThread() {
  const router = createMemoryRouter([{ path: '/conversations/11', element: <Inbox selectedId={11} /> }], {
    initialEntries: ['/conversations/11'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const shownIds = () =>
  [...document.querySelectorAll('[data-message-id]')].map((e) => Number(e.getAttribute('data-message-id')));
const earlierButton = () => screen.queryByRole('button', { name: 'Load earlier messages' });

beforeEach(() => {
  calls = [];
  newest = 120;
  failBefore = false;
  holdBefore = null;
  signInTestAgent();
  vi.stubGlobal('fetch', fakeFetch());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('earlier messages in the thread', () => {
  it('loads pages above the ones shown, once each, until none remain', async () => {
    let release = () => {};
    holdBefore = new Promise((r) => {
      release = r;
    });
    renderThread();
    await screen.findByText('message 120');
    expect(shownIds()).toEqual(range(71, 120).map((m) => m.message_id));

    fireEvent.click(earlierButton()!);
    await waitFor(() => expect(earlierButton()!.hasAttribute('disabled')).toBe(true));
    expect(earlierButton()!.getAttribute('aria-busy')).toBe('true');
    expect(calls.filter((c) => c.includes('before_message_id'))).toEqual([
      expect.stringContaining('before_message_id=71'),
    ]);
    release();
    await screen.findByText('message 21');
    await waitFor(() => expect(earlierButton()!.hasAttribute('disabled')).toBe(false));
    expect(shownIds()).toEqual(range(21, 120).map((m) => m.message_id));

    fireEvent.click(earlierButton()!);
    await screen.findByText('message 1');
    expect(shownIds()).toEqual(range(1, 120).map((m) => m.message_id));
    expect(earlierButton()).toBeNull();
    expect(calls.at(-1)).toContain('before_message_id=21');
  });

  it('loads them when the reader scrolls to the top, not when code scrolls there', async () => {
    renderThread();
    await screen.findByText('message 120');
    const log = screen.getByRole('log', { name: 'Messages' });
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(calls.some((c) => c.includes('before_message_id'))).toBe(false);
    fireEvent.wheel(log, { deltaY: -500 });
    fireEvent.scroll(log);
    await screen.findByText('message 21');
  });

  it('offers nothing when the whole thread fits in the first page', async () => {
    newest = 30;
    renderThread();
    await screen.findByText('message 30');
    expect(shownIds()).toHaveLength(30);
    expect(earlierButton()).toBeNull();
  });

  it('keeps the button and says so when loading fails', async () => {
    const error = vi.spyOn(toast, 'error');
    failBefore = true;
    renderThread();
    await screen.findByText('message 120');
    fireEvent.click(earlierButton()!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not load earlier messages'));
    await waitFor(() => expect(earlierButton()!.hasAttribute('disabled')).toBe(false));
    expect(shownIds()).toHaveLength(50);
  });

  it('still takes new messages from the poll after loading earlier ones', async () => {
    renderThread();
    await screen.findByText('message 120');
    fireEvent.click(earlierButton()!);
    await screen.findByText('message 21');
    newest = 121;
    await screen.findByText('message 121', undefined, { timeout: 5000 });
    expect(shownIds()).toEqual(range(21, 121).map((m) => m.message_id));
  }, 10_000);
});
