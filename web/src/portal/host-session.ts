import { memoryStore } from '@/lib/safe-storage';
import { embed } from './embed';

/**
 * The widget frame's side of its talk with the host page (decision 040; the protocol is written out in
 * `server/src/modules/widget/widget.js`). The frame is a third party on the host site, where a browser may
 * refuse it any storage, so the visitor's session is the host page's: asked for once at start (`hello`,
 * answered by `session`) and sent back whole whenever it changes (`save`). Messages go only to the host
 * origin `widget.js` named in the frame's URL, and are taken only from the parent window at that origin, so
 * another frame or window on the host page can neither feed the frame a session nor be sent one.
 */
const PREFIX = 'support-inbox:';

/** Sends one message to the host page, at its origin only; nothing when the frame was not told it. */
export function toHost(type: string, fields: Record<string, unknown> = {}) {
  if (!embed?.host) return;
  window.parent.postMessage({ ...fields, type: PREFIX + type }, embed.host);
}

/** Listens for one message type from the host page: from the parent window, at the host origin, or not at all. */
export function onHost(type: string, handler: (data: Record<string, unknown>) => void): () => void {
  const listener = (e: MessageEvent) => {
    if (!embed?.host || e.source !== window.parent || e.origin !== embed.host) return;
    if (e.data?.type === PREFIX + type) handler(e.data);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/** The frame's storage: memory, filled from the host page's record and sent back to it on every change. */
export const hostStore = memoryStore((all) => toHost('save', { session: all }));

/**
 * Asks the host page for the visitor's session and fills `hostStore` with it. Resolves with the answer, or
 * after `waitMs` without one (a frame not made by `widget.js`): the chat then starts fresh.
 */
export function joinHost(waitMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (!embed?.host) return resolve();
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = onHost('session', (data) => {
      const session = data.session;
      if (session && typeof session === 'object') hostStore.fill(session as Record<string, string>);
      done();
    });
    const timer = setTimeout(done, waitMs);
    toHost('hello');
  });
}
