import type { ConsoleMessage, Conversation, ConversationSummary } from '@inbox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox } from './inbox';
import { signInTestAgent } from './test-session';

const summary = (id: number, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  conversation_id: id,
  number: id,
  app_id: 7,
  app_name: 'Store',
  queue_id: 2,
  queue_name: 'Orders',
  channel: 'facebook',
  status: 'open',
  is_resolved: false,
  customer: { customer_id: id, name: `Customer ${id}`, email: `c${id}@example.com` },
  assigned_user: null,
  labels: [],
  last_message: {
    content: `hello ${id}`,
    sender_type: 'customer',
    is_private: false,
    created_ts: new Date().toISOString(),
  },
  verified: true,
  unread_count: 0,
  created_ts: new Date().toISOString(),
  updated_ts: new Date().toISOString(),
  priority: null,
  waiting_since_ts: null,
  snoozed_until_ts: null,
  sla: null,
  ...over,
});

const full = (s: ConversationSummary): Conversation => ({
  ...s,
  customer: { ...s.customer, phone: null },
  first_reply_ts: null,
  resolved_ts: null,
  can_delete: false,
  rating: null,
});

const message = (id: number, over: Partial<ConsoleMessage> = {}): ConsoleMessage => ({
  message_id: id,
  conversation_id: 11,
  sender_type: 'customer',
  sender_name: 'Customer 11',
  content: `message ${id}`,
  content_type: 'text',
  created_ts: new Date().toISOString(),
  attachments: [],
  is_private: false,
  sender_user_id: null,
  ...over,
});

const rows = [
  summary(11, { unread_count: 2 }),
  summary(12, {
    last_message: {
      content: 'check the refund',
      sender_type: 'agent',
      is_private: true,
      created_ts: new Date().toISOString(),
    },
  }),
];

let calls: { method: string; path: string; body?: unknown }[] = [];
/** The list answers 120 conversations, each page with a cursor naming its offset. */
let paged = false;
/** While set, list polls wait for it: a page still loading. */
let held: Promise<void> | null = null;

function fakeFetch() {
  let nextId = 100;
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const ok = (data: unknown, extra: object = {}) =>
      new Response(JSON.stringify({ success: true, data, ...extra }), { status: 200 });
    const p = url.pathname.replace('/api/v1', '');
    if (p === '/queues') return ok([], { meta: { total: 0, limit: 100, offset: 0 } });
    if (p === '/conversation/poll') {
      const id = Number(url.searchParams.get('conversation_id'));
      if (!id && url.searchParams.get('search')) return ok({ conversations: [], total: 0 });
      if (!id && paged) {
        if (held) await held;
        const offset = url.searchParams.get('offset');
        const cursor = `1700000000000000.${offset}`;
        const prev = offset === '0' ? {} : { prev_cursor: `1600000000000000.${offset}` };
        return ok({ conversations: rows, total: 120, next_cursor: cursor, ...prev });
      }
      if (!id) return ok({ conversations: rows, total: 2 });
      const first = !url.searchParams.get('last_message_id');
      return ok({
        conversations: rows,
        total: 2,
        conversation: full(rows[0]!),
        messages: first ? [message(1), message(2, { sender_type: 'agent', sender_name: 'Sam' })] : [],
        typing: [{ customer: true }],
      });
    }
    if (p === '/conversation/mentionable')
      return ok([
        { user_id: 1, name: 'Sam', email: 'sam@acme.test' },
        { user_id: 2, name: 'Lee Park', email: 'lee@acme.test' },
      ]);
    if (p === '/messages')
      return ok(message(nextId++, { ...body, sender_type: 'agent', sender_name: 'Sam' }));
    return ok({});
  });
}

function renderInbox(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/conversations', element: <Inbox /> },
      { path: '/conversations/:id', element: <InboxAt /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function InboxAt() {
  const { id } = useParams();
  return <Inbox selectedId={Number(id)} />;
}

beforeEach(() => {
  calls = [];
  paged = false;
  held = null;
  signInTestAgent();
  vi.stubGlobal('fetch', fakeFetch());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('inbox', () => {
  it('lists conversations with channel labels, unread badges and marked notes', async () => {
    renderInbox('/conversations');
    await screen.findByText('Customer 11');
    expect(screen.getAllByText('FB')).toHaveLength(2);
    expect(screen.getByTestId('unread').textContent).toBe('2 unread');
    expect(screen.getByText('Note:')).toBeTruthy();
    expect(screen.getAllByText('just now').length).toBeGreaterThan(0);
    const poll = calls.find((c) => c.path.startsWith('/api/v1/conversation/poll'))!;
    expect(poll.path).toContain('app_id=7');
    expect(poll.path).toContain('status=open%2Cpending');
  });

  it('clears a search for good: the waiting debounce does not write the old text back', async () => {
    const router = renderInbox('/conversations?q=zzz');
    await screen.findByText('Nothing found for “zzz”. Try other words, or clear the filters.');
    const searches: string[] = [];
    router.subscribe((state) => searches.push(state.location.search));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Customer 11');
    // Longer than the 300 ms debounce, which is where the old text used to come back.
    await act(() => new Promise((r) => setTimeout(r, 450)));
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.filter((s) => s.includes('q='))).toEqual([]);
    expect(screen.getByText('Customer 11')).toBeTruthy();
  });

  it('goes on after the last row shown and back before the first, the first page from the top', async () => {
    paged = true;
    const router = renderInbox('/conversations?assignee=all');
    await screen.findByText('Customer 11');
    const polls = () =>
      calls.filter((c) => c.path.startsWith('/api/v1/conversation/poll')).map((c) => c.path);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(router.state.location.search).toContain('after=1700000000000000.0');
    await waitFor(() => expect(polls().at(-1)).toContain('after=1700000000000000.0'));
    expect(polls().at(-1)).toContain('offset=50');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('after=1700000000000000.50'));
    await waitFor(() => expect(polls().at(-1)).toContain('offset=100'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(router.state.location.search).not.toContain('after=');
    expect(router.state.location.search).toContain('before=1600000000000000.100');
    await waitFor(() =>
      expect(polls().at(-1)).toMatch(/offset=50(?!.*after=).*before=1600000000000000\.100/),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    expect(router.state.location.search).not.toContain('before=');
    await screen.findByText('Customer 11');
    expect(polls().filter((p) => p.includes('offset=0') && /(after|before)=/.test(p))).toEqual([]);
  });

  it('counts a page from the top when "Next" is pressed again before the page loaded', async () => {
    paged = true;
    const router = renderInbox('/conversations?assignee=all');
    await screen.findByText('Customer 11');
    let release = () => {};
    held = new Promise((r) => {
      release = r;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('after=1700000000000000.0'));
    // The first page is still shown: its cursor is not where page 3 starts.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    expect(router.state.location.search).not.toContain('after=');
    release();
  });

  it('moves through the list with j and k', async () => {
    renderInbox('/conversations');
    await screen.findByText('Customer 12');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('11');
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('12');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('11');
  });

  it('opens a thread with the composer focused; Enter sends, Shift+Enter does not, Escape goes to the list', async () => {
    renderInbox('/conversations/11');
    await screen.findByText('message 1');
    const composer = screen.getByLabelText('Reply') as HTMLTextAreaElement;
    await waitFor(() => expect(document.activeElement).toBe(composer));
    screen.getByText('Customer 11 is typing...');
    // The customer's message is marked read.
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/conversation/read')?.body).toEqual({
        conversation_id: 11,
        last_message_id: 1,
      }),
    );

    fireEvent.change(composer, { target: { value: 'Hello there' } });
    fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.path === '/api/v1/messages')).toBe(false);
    fireEvent.keyDown(composer, { key: 'Enter' });
    await screen.findByText('Hello there');
    const sent = calls.find((c) => c.path === '/api/v1/messages')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ conversation_id: 11, content: 'Hello there', content_type: 'text' });
    expect(typeof sent.client_message_id).toBe('string');
    expect(sent.is_private).toBeUndefined();
    expect(calls.some((c) => c.path === '/api/v1/conversation/typing')).toBe(true);
    // The thread is asked again at once (its status moves with a reply), well before the next 3 s poll.
    const sentAt = calls.findIndex((c) => c.path === '/api/v1/messages');
    await waitFor(() =>
      expect(
        calls
          .slice(sentAt)
          .some(
            (c) => c.path.startsWith('/api/v1/conversation/poll') && c.path.includes('conversation_id=11'),
          ),
      ).toBe(true),
    );
    await waitFor(() => expect(composer.value).toBe(''));

    fireEvent.click(screen.getByRole('radio', { name: 'Internal note' }));
    const note = screen.getByLabelText('Internal note') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Only for us' } });
    await act(async () => {
      fireEvent.keyDown(note, { key: 'Enter' });
    });
    await screen.findByText('Only for us');
    const noteBody = calls.filter((c) => c.path === '/api/v1/messages').at(-1)!.body;
    expect(noteBody).toMatchObject({ content: 'Only for us', is_private: true });

    // `@` lists who can see the conversation but oneself; Enter puts the name in, and the send carries the id.
    fireEvent.change(note, { target: { value: 'Ask @le', selectionStart: 7 } });
    const people = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = within(people).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['LPLee Parklee@acme.test']);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(note, { key: 'Enter' });
    expect(note.value).toBe('Ask @Lee Park ');
    fireEvent.change(note, { target: { value: 'Ask @Lee Park about it' } });
    await act(async () => {
      fireEvent.keyDown(note, { key: 'Enter' });
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/messages').at(-1)!.body).toMatchObject({
        content: 'Ask @Lee Park about it',
        is_private: true,
        mentions: [2],
      }),
    );

    fireEvent.keyDown(note, { key: 'Escape' });
    expect(document.activeElement?.getAttribute('data-row')).toBe('11');
  });
});
