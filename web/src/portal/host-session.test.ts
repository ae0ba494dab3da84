import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The frame's side of the widget's talk with the host page (decision 040), in jsdom, where the test window is
 * its own parent: what it sends and where to, and which answers it takes.
 */
const HOST = 'https://shop.example';

async function frameModules(search: string) {
  window.history.replaceState(null, '', `/portal${search}`);
  vi.resetModules();
  const session = await import('./host-session');
  const { portalStore } = await import('./storage');
  const { keepEmbed } = await import('./embed');
  return { ...session, portalStore, keepEmbed };
}

let posted: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const fromWindow = (source: Window | null, origin: string, data: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { source, origin, data }));

describe('the widget frame and its host page', () => {
  it('asks the host page for the session and takes the answer only from its parent at the host origin', async () => {
    const m = await frameModules(`?app_id=1&embed=1&host=${encodeURIComponent(HOST)}`);
    const joined = m.joinHost();
    expect(posted).toHaveBeenCalledWith({ type: 'support-inbox:hello' }, HOST);

    const other = document.body.appendChild(document.createElement('iframe')).contentWindow;
    fromWindow(window, 'https://evil.example', {
      type: 'support-inbox:session',
      session: { portal_token: 'evil' },
    });
    fromWindow(other, HOST, { type: 'support-inbox:session', session: { portal_token: 'sibling' } });
    expect(m.portalStore.token()).toBeNull();

    fromWindow(window, HOST, {
      type: 'support-inbox:session',
      session: { portal_token: 'kept', portal_app_id: '1' },
    });
    await joined;
    expect(m.portalStore.token()).toBe('kept');
    expect(m.portalStore.appId()).toBe('1');
  });

  it('sends every change of the session back to the host origin only, whole', async () => {
    const m = await frameModules(`?app_id=1&embed=1&host=${encodeURIComponent(HOST)}`);
    m.portalStore.saveStart({
      token: 't1',
      conversationId: '7',
      appId: '1',
      name: 'Lena',
      email: 'l@x.test',
    });
    expect(posted).toHaveBeenLastCalledWith(
      {
        type: 'support-inbox:save',
        session: {
          portal_token: 't1',
          conversation_id: '7',
          portal_app_id: '1',
          portal_name: 'Lena',
          portal_email: 'l@x.test',
        },
      },
      HOST,
    );
    m.portalStore.clearSession();
    expect(posted.mock.lastCall?.[0]).toEqual({
      type: 'support-inbox:save',
      session: { portal_app_id: '1', portal_name: 'Lena', portal_email: 'l@x.test' },
    });
    expect(posted.mock.calls.every((call: unknown[]) => call[1] === HOST)).toBe(true);
  });

  it('starts fresh when no host page answers, and talks to nobody without a host origin', async () => {
    vi.useFakeTimers();
    const m = await frameModules(`?app_id=1&embed=1&host=${encodeURIComponent(HOST)}`);
    const joined = m.joinHost();
    await vi.advanceTimersByTimeAsync(2000);
    await joined;
    expect(m.portalStore.token()).toBeNull();

    posted.mockClear();
    const bare = await frameModules('?app_id=1&embed=1&host=javascript:alert(1)');
    await bare.joinHost();
    bare.portalStore.setAppId('1');
    expect(posted).not.toHaveBeenCalled();
  });

  it('keeps the widget’s query when the frame reloads itself for a new chat', async () => {
    const m = await frameModules(`?app_id=1&embed=1&host=${encodeURIComponent(HOST)}&email=l%40x.test`);
    const url = new URL(m.keepEmbed('/portal?app_id=1&new=true'), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_id: '1',
      new: 'true',
      embed: '1',
      host: HOST,
      email: 'l@x.test',
    });
    const plain = await frameModules('?app_id=1');
    expect(plain.keepEmbed('/portal?app_id=1&new=true')).toBe('/portal?app_id=1&new=true');
  });
});
