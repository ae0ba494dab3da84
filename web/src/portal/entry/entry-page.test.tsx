import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalApp } from '../portal-app';
import { at, fail, fakeApi, ok } from '../test-support';

const QUEUES = {
  company_name: 'Acme Inc',
  app_name: 'Acme Shop',
  queues: [
    { queue_id: 1, queue_name: 'Billing' },
    { queue_id: 2, queue_name: 'Shipping' },
  ],
};

/** A field by its visible label, without the required mark or the optional hint. */
const field = (label: string) =>
  screen.getByLabelText((content) => content.replace(/\*$/, '').replace(/ \(optional\)$/, '') === label);
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('portal entry form', () => {
  it('says the link is invalid without app_id', () => {
    fakeApi({});
    at('/portal');
    render(<PortalApp />);
    expect(screen.getByText('Invalid Support Link')).toBeTruthy();
    expect(
      screen.getByText('This support link is invalid. Please check the URL and try again.'),
    ).toBeTruthy();
  });

  it('goes to the remembered app when the link has no app_id', async () => {
    fakeApi({ 'GET /portal/queues': () => ok(QUEUES) });
    sessionStorage.setItem('portal_app_id', '7');
    at('/portal');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    expect(window.location.search).toBe('?app_id=7');
  });

  it('shows the header and the fields in order, with the topic selector when no queue_id', async () => {
    fakeApi({ 'GET /portal/queues': () => ok(QUEUES) });
    at('/portal?app_id=7');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    expect(screen.getByRole('heading', { name: 'Contact Support' })).toBeTruthy();
    expect(screen.getByText('Acme Inc')).toBeTruthy();
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual([
      'Name*',
      'Email*',
      'Phone (optional)',
      'What area do you need help?*',
      'How can we help you?*',
    ]);
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeTruthy();
  });

  it('hides the topic selector when the link names a queue', async () => {
    fakeApi({ 'GET /portal/queues': () => ok(QUEUES) });
    at('/portal?app_id=7&queue_id=2');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    expect(document.getElementById('portal-topic')).toBeNull();
  });

  it('asks no topic when the app has one queue, and starts the chat in it', async () => {
    const api = fakeApi({
      'GET /portal/queues': () => ok({ ...QUEUES, queues: [{ queue_id: 5, queue_name: 'Support' }] }),
      'POST /portal/start': () => fail(500, 'INTERNAL', 'stop here'),
    });
    at('/portal?app_id=7');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    expect(document.getElementById('portal-topic')).toBeNull();
    fill('Name', 'Ada');
    fill('Email', 'ada@example.test');
    fill('How can we help you?', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    await waitFor(() => expect(api.of('POST /portal/start')).toHaveLength(1));
    expect(api.of('POST /portal/start')[0]!.body).toMatchObject({ queue_id: 5 });
  });

  it('shows every validation sentence and sends nothing', async () => {
    const api = fakeApi({ 'GET /portal/queues': () => ok(QUEUES) });
    at('/portal?app_id=7');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    fill('Name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    for (const text of [
      'Name is required',
      'Email is required',
      'Please select what area you need help with',
      'Please describe how we can help you',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fill('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.of('POST /portal/start')).toHaveLength(0);
  });

  it('starts with trimmed values, no empty phone, stores the session and opens the chat', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      'GET /portal/queues': () => ok(QUEUES),
      'POST /portal/start': () =>
        new Promise((r) => {
          release = () => r(ok({ portal_token: 'tok-1', conversation_id: 55 }, 201));
        }),
      'GET /portal/conversation': () => new Promise(() => {}),
    });
    at('/portal?app_id=7');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    fill('Name', '  Ann Lee ');
    fill('Email', ' ann@example.com ');
    fill('Phone', '   ');
    fill('What area do you need help?', '2');
    fill('How can we help you?', '  Where is my parcel?  ');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    const busy = await screen.findByRole('button', { name: 'Starting Conversation...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(window.location.pathname).toBe('/portal/chat'));
    expect(window.location.search).toBe('?token=tok-1');
    expect(api.of('POST /portal/start')[0]!.body).toEqual({
      app_id: '7',
      customer_info: { name: 'Ann Lee', email: 'ann@example.com' },
      initial_message: 'Where is my parcel?',
      queue_id: 2,
    });
    expect(localStorage.getItem('portal_token')).toBe('tok-1');
    expect(localStorage.getItem('conversation_id')).toBe('55');
    expect(localStorage.getItem('portal_app_id')).toBe('7');
    expect(sessionStorage.getItem('portal_app_id')).toBe('7');
    expect(localStorage.getItem('portal_name')).toBe('Ann Lee');
    expect(localStorage.getItem('portal_email')).toBe('ann@example.com');
  });

  it('prefills name and email from storage', async () => {
    fakeApi({ 'GET /portal/queues': () => ok(QUEUES) });
    localStorage.setItem('portal_name', 'Ann');
    localStorage.setItem('portal_email', 'ann@example.com');
    at('/portal?app_id=7&new=true');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    expect((field('Name') as HTMLInputElement).value).toBe('Ann');
    expect((field('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('resumes a stored session unless new=true', async () => {
    fakeApi({ 'GET /portal/conversation': () => new Promise(() => {}) });
    localStorage.setItem('portal_token', 'tok-9');
    localStorage.setItem('portal_app_id', '7');
    at('/portal?app_id=7');
    render(<PortalApp />);
    await waitFor(() => expect(window.location.pathname).toBe('/portal/chat'));
    expect(window.location.search).toBe('?token=tok-9');
  });

  it('treats INVALID_APP as an invalid link', async () => {
    fakeApi({ 'GET /portal/queues': () => fail(404, 'INVALID_APP', 'Unknown app') });
    at('/portal?app_id=999');
    render(<PortalApp />);
    expect(await screen.findByText('Invalid Support Link')).toBeTruthy();
  });

  it('says when the queues could not be loaded', async () => {
    fakeApi({ 'GET /portal/queues': () => fail(500, 'INTERNAL', 'Internal error') });
    at('/portal?app_id=7');
    render(<PortalApp />);
    expect(
      await screen.findByText('Failed to load available support queues. Please try again.'),
    ).toBeTruthy();
  });

  it('shows the server message, or the fallback, when the start fails', async () => {
    let reply = fail(429, 'RATE_LIMITED', 'Too many requests, please wait a moment');
    fakeApi({ 'GET /portal/queues': () => ok(QUEUES), 'POST /portal/start': () => reply });
    at('/portal?app_id=7&queue_id=1');
    render(<PortalApp />);
    await screen.findByText('Acme Shop');
    fill('Name', 'Ann');
    fill('Email', 'ann@example.com');
    fill('How can we help you?', 'Help');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    expect(await screen.findByText('Too many requests, please wait a moment')).toBeTruthy();
    reply = fail(500, 'INTERNAL', 'Internal error');
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    expect(await screen.findByText('Failed to start support session. Please try again.')).toBeTruthy();
  });
});
