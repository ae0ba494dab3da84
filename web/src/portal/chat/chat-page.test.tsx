import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalApp } from '../portal-app';
import { at, fail, fakeApi, ok } from '../test-support';
import type { PortalConversation, PortalMessage } from '../types';

const message = (id: number, over: Partial<PortalMessage> = {}): PortalMessage => ({
  message_id: id,
  conversation_id: 55,
  sender_type: 'customer',
  sender_name: 'Ann Lee',
  content: `message ${id}`,
  content_type: 'text',
  created_ts: '2026-11-21T15:07:00.000Z',
  attachments: [],
  ...over,
});

const conversation = (over: Partial<PortalConversation['conversation']> = {}, messages = [message(1)]) =>
  ({
    app: { app_id: 7, app_name: 'Acme Shop' },
    company: { company_id: 3, company_name: 'Acme Inc' },
    conversation: { conversation_id: 55, status: 'open', is_resolved: false, ...over },
    customer: { name: 'Ann Lee', email: 'ann@example.com' },
    queue: { queue_id: 2, queue_name: 'Shipping' },
    assigned_user: null,
    statistics: { message_count: messages.length },
    portal_session: { expires_ts: '2026-11-22T15:07:00.000Z' },
    endpoints: {},
    messages,
  }) as PortalConversation;

const poll = (messages: PortalMessage[] = [], status = 'open', typing = false) =>
  ok({ messages, is_agent_typing: typing, conversation_status: status, session_expires_ts: 'x' });

const composer = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const tick = () => act(() => vi.advanceTimersByTimeAsync(3000));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('portal_token', 'tok');
  localStorage.setItem('portal_app_id', '7');
  at('/portal/chat?token=tok');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('portal chat', () => {
  it('shows the header, sender names, times and attachments that open in a new tab', async () => {
    const file = {
      attachment_id: 9,
      original_filename: 'invoice.pdf',
      file_size: 1536,
      mime_type: 'application/pdf',
    };
    fakeApi({
      'GET /portal/conversation': () =>
        ok(
          conversation({}, [
            message(1),
            message(2, {
              sender_type: 'agent',
              sender_name: 'Sam Agent',
              content: 'Hi!',
              attachments: [file],
            }),
            message(3, { sender_type: 'auto', sender_name: 'Acme Bot', content: 'We reply within a day' }),
          ]),
        ),
      'GET /portal/poll': () => poll(),
    });
    render(<PortalApp />);
    expect(await screen.findByRole('heading', { name: 'Acme Shop' })).toBeTruthy();
    expect(screen.getByText(/Acme Inc/).textContent).toBe('Acme Inc · Shipping');
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Sam Agent')).toBeTruthy();
    expect(screen.getByText('Acme Bot')).toBeTruthy();
    expect(document.querySelector('[data-sender="agent"]')).toBeTruthy();
    expect(document.querySelector('[data-sender="auto"]')).toBeTruthy();
    expect(screen.getAllByText(/^\d{1,2}:\d\d (AM|PM)$/)).toHaveLength(3);
    const link = screen.getByRole('link', { name: /invoice\.pdf/ }) as HTMLAnchorElement;
    expect(link.textContent).toContain('1.5 KB');
    expect(link.target).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/api/v1/portal/attachment/download/9?token=tok');
    expect(composer().placeholder).toBe('Type your message...');
  });

  it('polls every 3 s after the newest message, shows typing and new messages', async () => {
    let next = poll(
      [message(2, { sender_type: 'agent', sender_name: 'Sam', content: 'On it' })],
      'pending',
      true,
    );
    const api = fakeApi({
      'GET /portal/conversation': () => ok(conversation()),
      'GET /portal/poll': () => next,
    });
    render(<PortalApp />);
    await screen.findByText('message 1');
    expect(api.of('GET /portal/poll')).toHaveLength(0);
    await tick();
    expect(api.of('GET /portal/poll')[0]!.query.get('last_message_id')).toBe('1');
    expect(await screen.findByText('On it')).toBeTruthy();
    expect(screen.getByText('typing...')).toBeTruthy();
    next = poll([], 'pending', false);
    await tick();
    expect(api.of('GET /portal/poll')[1]!.query.get('last_message_id')).toBe('2');
    await waitFor(() => expect(screen.queryByText('typing...')).toBeNull());
  });

  it('sends once, keeps the client id on a retry, and does not duplicate what the poll brings back', async () => {
    let sendReply: { status: number; body: unknown } = fail(500, 'INTERNAL', 'An unexpected error occurred');
    let pollMessages: PortalMessage[] = [];
    const api = fakeApi({
      'GET /portal/conversation': () => ok(conversation()),
      'GET /portal/poll': () => poll(pollMessages),
      'POST /portal/messages': () => sendReply,
      'POST /portal/typing': () => ok({ message: 'ok' }),
    });
    render(<PortalApp />);
    await screen.findByText('message 1');
    fireEvent.change(composer(), { target: { value: '  hello  ' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(composer().value).toBe('  hello  ');
    sendReply = ok(message(5, { content: 'hello' }), 201);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await screen.findByText('hello');
    const sends = api.of('POST /portal/messages');
    expect(sends).toHaveLength(2);
    expect(sends[0]!.body).toMatchObject({ content: 'hello' });
    expect((sends[0]!.body as { attachments?: unknown }).attachments).toBeUndefined();
    expect((sends[1]!.body as { client_message_id: string }).client_message_id).toBe(
      (sends[0]!.body as { client_message_id: string }).client_message_id,
    );
    expect(sends[0]!.headers.Authorization).toBe('Bearer tok');
    expect(api.of('POST /portal/typing')).toHaveLength(1);
    expect(composer().value).toBe('');
    pollMessages = [
      message(4, { sender_type: 'agent', content: 'agent first' }),
      message(5, { content: 'hello' }),
    ];
    await tick();
    await screen.findByText('agent first');
    expect(screen.getAllByText('hello')).toHaveLength(1);
    const order = [...document.querySelectorAll('[data-message-id]')].map((el) =>
      el.getAttribute('data-message-id'),
    );
    expect(order).toEqual(['1', '4', '5']);
  });

  it('shows Conversation Ended for a resolved conversation and stops', async () => {
    const api = fakeApi({
      'GET /portal/conversation': () => ok(conversation({ status: 'resolved', is_resolved: true })),
      'GET /portal/poll': () => poll(),
    });
    render(<PortalApp />);
    expect(await screen.findByText('Conversation Ended')).toBeTruthy();
    expect(screen.getByText(/This conversation has ended/)).toBeTruthy();
    expect(screen.getByText(/The agent has resolved this conversation/)).toBeTruthy();
    expect(composer().placeholder).toBe('Conversation ended');
    expect(composer().disabled).toBe(true);
    await tick();
    expect(api.of('GET /portal/poll')).toHaveLength(0);
  });

  it('shows Session Expired when the poll reports closed, then stops polling', async () => {
    const api = fakeApi({
      'GET /portal/conversation': () => ok(conversation()),
      'GET /portal/poll': () => poll([], 'closed'),
    });
    render(<PortalApp />);
    await screen.findByText('message 1');
    await tick();
    expect(await screen.findByText('Session Expired')).toBeTruthy();
    expect(composer().placeholder).toBe('Session expired');
    expect(composer().disabled).toBe(true);
    await tick();
    expect(api.of('GET /portal/poll')).toHaveLength(1);
  });

  it('turns a CONVERSATION_RESOLVED send into Conversation Ended', async () => {
    fakeApi({
      'GET /portal/conversation': () => ok(conversation()),
      'GET /portal/poll': () => poll(),
      'POST /portal/messages': () =>
        fail(403, 'CONVERSATION_RESOLVED', 'This conversation has been resolved'),
      'POST /portal/typing': () => ok({}),
    });
    render(<PortalApp />);
    await screen.findByText('message 1');
    fireEvent.change(composer(), { target: { value: 'still there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Conversation Ended')).toBeTruthy();
  });

  it('Start New Conversation clears the session and reloads the entry form with new=true', async () => {
    fakeApi({
      'GET /portal/conversation': () => ok(conversation({ status: 'resolved', is_resolved: true })),
    });
    localStorage.setItem('conversation_id', '55');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<PortalApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start New Conversation' }));
    expect(assign).toHaveBeenCalledWith('/portal?app_id=7&new=true');
    expect(localStorage.getItem('portal_token')).toBeNull();
    expect(localStorage.getItem('conversation_id')).toBeNull();
  });

  it('sends a stale token back to the entry form, keeping the app id', async () => {
    fakeApi({
      'GET /portal/conversation': () => fail(401, 'INVALID_TOKEN', 'This conversation link is not valid.'),
      'GET /portal/queues': () => ok({ queues: [], company_name: 'Acme Inc', app_name: 'Acme Shop' }),
    });
    render(<PortalApp />);
    await waitFor(() => expect(window.location.pathname).toBe('/portal'));
    expect(window.location.search).toBe('?app_id=7');
    expect(localStorage.getItem('portal_token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeTruthy();
  });

  it('offers a retry and a fresh start when the conversation fails to load', async () => {
    fakeApi({ 'GET /portal/conversation': () => fail(500, 'INTERNAL', 'An unexpected error occurred') });
    render(<PortalApp />);
    expect(await screen.findByText('Failed to load conversation')).toBeTruthy();
    expect(screen.getByText('Failed to load conversation. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Conversation' })).toBeTruthy();
  });

  it('uploads files as chips, marks a failed one, and sends only the uploaded ids', async () => {
    let n = 0;
    const api = fakeApi({
      'GET /portal/conversation': () => ok(conversation()),
      'GET /portal/poll': () => poll(),
      'POST /portal/attachment/upload': () =>
        ++n === 1
          ? ok(
              { attachment_id: 31, original_filename: 'a.png', file_size: 2048, mime_type: 'image/png' },
              201,
            )
          : fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not allowed'),
      'POST /portal/messages': () => ok(message(6, { content: '' }), 201),
    });
    render(<PortalApp />);
    await screen.findByText('message 1');
    const input = screen.getByTestId('file-input') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv');
    const files = [new File(['x'.repeat(2048)], 'a.png'), new File(['y'], 'b.exe')];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Failed to upload')).toBeTruthy();
    // The reason shows on the chip, not only in a tooltip a phone never displays.
    expect(screen.getByText('This file type is not allowed')).toBeTruthy();
    expect(await screen.findByText('2.0 KB')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(api.of('POST /portal/messages')).toHaveLength(1));
    expect(api.of('POST /portal/messages')[0]!.body).toMatchObject({ content: '', attachments: [31] });
    await waitFor(() => expect(screen.queryByTestId('upload-chip')).toBeNull());
  });
});
